/**
 * /infrastructure (role staff; beyond the spec's table — issue 18): what the portal drives — the
 * hypervisor clusters, the dedicated servers' management controllers (BMCs) and the routers — in
 * tabs (?tab=clusters|bmcs|routers). Each lists the registered ones with where they are reached and
 * their state, registers a new one, and tests a connection before or after saving. Secrets never
 * reach the browser. Others see that the area is for staff, without any call being made.
 */
import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { NoAccessPanel } from '../../../shared/ui/no-access-panel';
import { PageHeader } from '../../../shared/ui/page-header';
import { BmcsTab } from '../components/bmcs-tab';
import { ClustersTab } from '../components/clusters-tab';
import { RoutersTab } from '../components/routers-tab';

const TABS = ['clusters', 'bmcs', 'routers'] as const;
type Tab = (typeof TABS)[number];

export default function InfrastructurePage() {
  const { t } = useTranslation('infra');
  const staff = useSession('customerDetails')?.pg_roles.includes('staff') ?? false;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const tab: Tab = (TABS as readonly string[]).includes(asked) ? (asked as Tab) : 'clusters';
  if (!staff) {
    return (
      <NoAccessPanel title={t('title')} heading={t('no_access.title')} body={t('no_access.body')} back={t('no_access.back')} />
    );
  }
  return (
    <Stack gap="md" maw={1280}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="clusters" pt="md">
          <ClustersTab />
        </Tabs.Panel>
        <Tabs.Panel value="bmcs" pt="md">
          <BmcsTab />
        </Tabs.Panel>
        <Tabs.Panel value="routers" pt="md">
          <RoutersTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
