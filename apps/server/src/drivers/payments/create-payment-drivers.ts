/**
 * The payment drivers of a process, chosen by configuration (PAYMENTS_CARD_PROVIDER): the card
 * provider (only the embedded test card so far; a real PSP is another case here) and the bank
 * transfer to the seller's account of PAYMENTS_BANK_*.
 */
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { createBankTransferDriver } from './bank-transfer.js';
import type { PaymentDriver } from './payment-driver.js';
import { createTestCardDriver } from './test-card.js';

export interface PaymentDrivers {
  card: PaymentDriver;
  bank: PaymentDriver;
}

export function createPaymentDrivers(db: Database, config: Config): PaymentDrivers {
  return {
    card: createTestCardDriver(db),
    bank: createBankTransferDriver(config.payments.bank),
  };
}
