/**
 * /finance (role finance, and staff; beyond the spec's table — issue 18): every account's invoices
 * with the accountant's CSV, the payments received and the revenue of the last twelve months, in
 * tabs (?tab=invoices|payments|credit_notes|revenue). Other users see that the area is for finance, without
 * any call (a refused call would end their session).
 */
import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { NoAccessPanel } from '../../../shared/ui/no-access-panel';
import { PageHeader } from '../../../shared/ui/page-header';
import { CreditNotesTab } from '../components/credit-notes-tab';
import { InvoicesTab } from '../components/invoices-tab';
import { PaymentsTab } from '../components/payments-tab';
import { RevenueTab } from '../components/revenue-tab';

const TABS = ['invoices', 'payments', 'credit_notes', 'revenue'] as const;
type Tab = (typeof TABS)[number];

export default function FinancePage() {
  const { t } = useTranslation('finance');
  const roles = useSession('customerDetails')?.pg_roles ?? [];
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'invoices';

  if (!roles.includes('finance') && !roles.includes('staff')) {
    return (
      <NoAccessPanel title={t('title')} heading={t('no_access.title')} body={t('no_access.body')} back={t('no_access.back')} />
    );
  }
  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="invoices" pt="md">
          <InvoicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="credit_notes" pt="md">
          <CreditNotesTab />
        </Tabs.Panel>
        <Tabs.Panel value="revenue" pt="md">
          <RevenueTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
