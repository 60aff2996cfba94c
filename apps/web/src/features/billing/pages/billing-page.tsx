/**
 * /billing (spec 1 §2 'billing'; issue 5): the credit balance with 'Add funds', the invoices with
 * their PDFs and a selection of open ones to pay together, and the deposits — for the owner and
 * sub-users holding billing-manage (docs/access.md; the route's page in app/ decides). Paying and
 * adding funds are the payments feature's dialogs, given by that page ({@link BillingDialogs}).
 */
import { useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyInvoice } from '@portside/contract/schemas/billing';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMyBalance } from '../api/get-my-balance';
import { BalanceCard } from '../components/balance-card';
import { CreditNotesSection } from '../components/credit-notes-section';
import { DepositsSection } from '../components/deposits-section';
import { InvoicesSection } from '../components/invoices-section';

/** The payment dialogs /billing opens. */
export interface BillingDialogs {
  /** 'Pay selected': one payment for these open invoices; `onDone` after a payment was started. */
  pay(p: { opened: boolean; invoices: readonly MyInvoice[]; balanceCents: number | null; onClose: () => void }): ReactNode;
  /** 'Add funds'. */
  deposit(p: { opened: boolean; onClose: () => void }): ReactNode;
}

/**
 * `own`: the account's balance, invoices and deposits are shown (the user holds billing-manage);
 * `extra`: more sections below them (e.g. finance's transfers to confirm).
 */
export function BillingPage({ dialogs, extra, own = true }: { dialogs: BillingDialogs; extra?: ReactNode; own?: boolean }) {
  const { t } = useTranslation('billing');
  return (
    <Stack gap="xl">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {own && <AccountBilling dialogs={dialogs} />}
      {extra}
    </Stack>
  );
}

/** The account's own billing; its reads run only when it is shown. */
function AccountBilling({ dialogs }: { dialogs: BillingDialogs }) {
  const [addingFunds, setAddingFunds] = useState(false);
  const balance = useMyBalance();
  return (
    <>
      <BalanceCard onAddFunds={() => setAddingFunds(true)} />
      <InvoicesSection
        renderPay={(invoices, open, close) =>
          dialogs.pay({ opened: open, invoices, balanceCents: balance.data ?? null, onClose: close })
        }
      />
      <CreditNotesSection />
      <DepositsSection />
      {dialogs.deposit({ opened: addingFunds, onClose: () => setAddingFunds(false) })}
    </>
  );
}
