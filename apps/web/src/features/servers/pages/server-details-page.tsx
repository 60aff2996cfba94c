/**
 * /servers/server-details/:provisioned_id — one cloud server (spec 1 §2 'Server details tabs'):
 * its head (name, states, addresses, warnings, power, lock, rename, delete) and every tab, the
 * active one in ?tab=. Live messages and a 2-second refetch while an operation runs keep it
 * current. Without menu-see-cloud-servers the page explains instead of asking the API.
 */
import { useEffect, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { setSession } from '../../../shared/session/store';
import { Icon } from '../../../shared/ui/icons';
import { QueryState } from '../../../shared/ui/query-state';
import { useVm } from '../api/get-vm';
import { NoServersAccess } from '../components/no-servers-access';
import { VmHeader } from '../components/vm-header';
import { VmTabs } from '../components/vm-tabs';
import { useCanSeeServers } from '../lib/use-servers-access';
import { useVmLiveUpdates } from '../lib/use-vm-live-updates';
import type { VmTab } from '../lib/vm-tabs';
import type { VmRow } from '@portside/contract/schemas/vms';

/** Only a plain positive decimal id names a server ('12abc' or '1e3' do not). */
function idOf(raw: string | undefined): number {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
}

/** The page's shape while the server loads: its head (name, states, actions) and the tab strip. */
function DetailsSkeleton() {
  return (
    <>
      <Skeleton h={36} w="40%" radius="sm" />
      <Skeleton h={20} w="60%" radius="sm" />
      <Skeleton h={120} radius="md" />
      <Skeleton h={36} radius="sm" />
    </>
  );
}

export interface ServerDetailsPageProps {
  /** What a tab that is not built yet shows (the app passes its 'not built yet' panel). */
  notBuilt?: (tab: VmTab, vm: VmRow) => ReactNode;
}

export default function ServerDetailsPage({ notBuilt = () => null }: ServerDetailsPageProps) {
  const { t } = useTranslation('servers');
  const allowed = useCanSeeServers();
  const id = idOf(useParams().provisioned_id);
  const vm = useVm(id, allowed);
  useVmLiveUpdates(allowed);
  const data = vm.data;

  // Spec 2 §7: the first element of the read by provisioned_id is kept as the server details.
  useEffect(() => {
    if (data) setSession('serverDetails', data);
  }, [data]);

  if (!allowed) return <NoServersAccess />;

  const back = (
    <Anchor component={Link} to={buildPath('list-view')} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <Icon name="list" size={16} />
        {t('details.back')}
      </Group>
    </Anchor>
  );

  const notFound = (
    <Paper withBorder p="lg" radius="md" maw={700}>
      <Stack gap="sm" align="flex-start">
        <Text fw={600} component="h1" fz="h3" m={0}>
          {t('details.not_found_title')}
        </Text>
        <Text c="dimmed">{t('details.not_found_body')}</Text>
        <Button component={Link} to={buildPath('list-view')} variant="light">
          {t('details.back')}
        </Button>
      </Stack>
    </Paper>
  );

  // An id that names no server is not asked for: it is not found at once.
  if (!(id > 0)) {
    return (
      <Stack gap="md">
        {back}
        {notFound}
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={1200} miw={0}>
      {back}
      <QueryState
        query={vm}
        loadingLabel={t('details.loading')}
        isEmpty={() => !data}
        empty={notFound}
        skeleton={<DetailsSkeleton />}
      >
        {data && (
          <>
            <VmHeader vm={data} />
            <VmTabs vm={data} notBuilt={notBuilt} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
