/**
 * /routers-subnets (claim menu-see-routers-subnets, gated in route-pages): the subnets read from
 * the provider's routers with how their addresses are used, and the rebuild that reads the routers
 * again with its progress.
 */
import { Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useRouterSubnets } from '../api/get-router-subnets';
import { useRouters } from '../api/get-routers';
import { RebuildPanel } from '../components/rebuild-panel';
import { SubnetsTable } from '../components/subnets-table';

export default function RoutersSubnetsPage() {
  const { t } = useTranslation('routers');
  const routers = useRouters();
  const subnets = useRouterSubnets();
  const rows = subnets.data ?? [];
  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title={t('subnets.title')} subtitle={t('subnets.subtitle')} />
      <RebuildPanel routers={routers.data ?? []} />
      <QueryState
        query={subnets}
        loadingLabel={t('subnets.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="router" title={t('subnets.empty')} body={t('subnets.empty_hint')} />}
      >
        <SubnetsTable rows={rows} />
      </QueryState>
    </Stack>
  );
}
