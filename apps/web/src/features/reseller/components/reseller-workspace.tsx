/**
 * An approved reseller's page: its standing, then four sections — clients (contracts and
 * requests), a client's invoices and commission, a client's files, and the links and banners to
 * hand out. The section and the client are kept in the address (?tab=…&client=…), so a view can
 * be reloaded and linked, and the clients list opens a client's invoices or files directly.
 */
import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { MyReseller } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { useResellerContracts } from '../api/get-reseller-contracts';
import { ClientsTab } from './clients-tab';
import { FilesTab } from './files-tab';
import { InvoicesTab } from './invoices-tab';
import { PromoteTab } from './promote-tab';
import { ResellerSummary } from './reseller-summary';

const TABS = ['clients', 'invoices', 'files', 'promote'] as const;
type Tab = (typeof TABS)[number];
const ICON: Record<Tab, IconName> = { clients: 'users', invoices: 'billing', files: 'folder', promote: 'globe' };

export function ResellerWorkspace({ reseller }: { reseller: MyReseller }) {
  const { t } = useTranslation('reseller');
  const [params, setParams] = useSearchParams();
  const contracts = useResellerContracts();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'clients';
  const client = params.get('client');

  const go = (next: Tab, nextClient?: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set('tab', next);
        if (nextClient) out.set('client', nextClient);
        return out;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <ResellerSummary reseller={reseller} contracts={contracts} />
      <Tabs value={tab} onChange={(v) => v && go(v as Tab)} keepMounted={false}>
        <Tabs.List aria-label={t('tabs.label')}>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name} leftSection={<Icon name={ICON[name]} size={16} />}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="clients" pt="md">
          <ClientsTab contracts={contracts} onInvoices={(c) => go('invoices', c)} onFiles={(c) => go('files', c)} />
        </Tabs.Panel>
        <Tabs.Panel value="invoices" pt="md">
          <InvoicesTab contracts={contracts} client={client} onClient={(c) => go('invoices', c)} />
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="md">
          <FilesTab contracts={contracts} client={client} onClient={(c) => go('files', c)} />
        </Tabs.Panel>
        <Tabs.Panel value="promote" pt="md">
          <PromoteTab code={reseller.referrer_code ?? ''} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
