/**
 * Bank transfer: the customer transfers the amount to the seller's account with the payment's
 * reference; finance marks the transfer received (MarkBankTransferReceived). Nothing is asked of
 * a bank, so the status stays pending until then.
 */
import type { PaymentsConfig } from '../../config.js';
import type { PaymentDriver } from './payment-driver.js';

export function createBankTransferDriver(bank: PaymentsConfig['bank']): PaymentDriver {
  const instructions = (reference: string, amountCents: number) => ({
    iban: bank.iban,
    bic: bank.bic,
    beneficiary: bank.beneficiary,
    reference,
    amount_cents: amountCents,
  });
  return {
    name: 'bank-transfer',
    async createCheckout(req) {
      return { kind: 'instructions', providerRef: req.reference, bank: instructions(req.reference, req.amountCents) };
    },
    continueCheckout: (p) => ({ bank: instructions(p.reference, p.amountCents) }),
    async status() {
      return { outcome: 'pending' };
    },
    publicValue: () => 'bank-transfer',
  };
}
