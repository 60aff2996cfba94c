/**
 * /billing composed (features meet here): the billing feature's page with the payments feature's
 * dialogs for paying the selected invoices and adding funds.
 */
import { openAmountCents } from '@portside/contract/schemas/billing';
import { BillingPage } from '../../features/billing/pages/billing-page';
import { DepositModal } from '../../features/payments/components/deposit-modal';
import { PayInvoicesModal } from '../../features/payments/components/pay-invoices-modal';

export default function BillingRoutePage() {
  return (
    <BillingPage
      dialogs={{
        pay: ({ opened, invoices, balanceCents, onClose }) => (
          <PayInvoicesModal
            opened={opened}
            onClose={onClose}
            balanceCents={balanceCents}
            invoices={invoices.map((i) => ({ id: i.id, number: i.number, open_cents: openAmountCents(i) }))}
          />
        ),
        deposit: ({ opened, onClose }) => <DepositModal opened={opened} onClose={onClose} />,
      }}
    />
  );
}
