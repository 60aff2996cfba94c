/**
 * /billing composed (features meet here): the billing feature's page with the payments feature's
 * dialogs for paying the selected invoices and adding funds; for finance and staff also the bank
 * transfers awaiting confirmation (the spec has no finance route). The account's own billing is
 * for the owner and sub-users holding billing-manage (docs/access.md); finance and staff without
 * it see only the transfers.
 */
import { hasRole } from '@portside/contract/rules/menu-access';
import { openAmountCents } from '@portside/contract/schemas/billing';
import { BillingPage } from '../../features/billing/pages/billing-page';
import { DepositModal } from '../../features/payments/components/deposit-modal';
import { PayInvoicesModal } from '../../features/payments/components/pay-invoices-modal';
import { PendingTransfersSection } from '../../features/payments/components/pending-transfers-section';
import { useSession } from '../../shared/session/store';
import { useClaim } from '../../shared/session/use-claim';
import { ClaimGate } from '../../shared/ui/claim-gate';

export default function BillingRoutePage() {
  const profile = useSession('customerDetails');
  const finance = profile !== null && (hasRole(profile, 'finance') || hasRole(profile, 'staff'));
  const manages = useClaim('billing-manage');
  if (!manages && !finance) return <ClaimGate claim="billing-manage">{null}</ClaimGate>;
  return (
    <BillingPage
      own={manages}
      extra={finance ? <PendingTransfersSection /> : null}
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
