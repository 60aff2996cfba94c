/**
 * /ipsets/:ipset_from_url (spec 1 §2; the parameter is the IP set's id): one IP set — its name and
 * comment (edited with PATCH), its IPs (added by pasting a list or from My IPs, removed by
 * selection) and the servers it is attached to. An id the account has no set of gets a clear
 * 'not found' with the way back to the list.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useIpset } from '../api/get-ipset';
import { useIpsetServers } from '../api/get-ipset-servers';
import { DeleteIpsetDialog } from '../components/delete-ipset-dialog';
import { EditIpsetDialog } from '../components/edit-ipset-dialog';
import { IpsetIpsPanel } from '../components/ipset-ips-panel';
import { IpsetServersPanel } from '../components/ipset-servers-panel';

/** The id in the address, or null when it cannot be one. */
function idOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

export default function IpsetPage() {
  const { t } = useTranslation('network');
  const navigate = useNavigate();
  const id = idOf(useParams().ipset_from_url);
  const ipset = useIpset(id);
  const servers = useIpsetServers(id ?? 0, id !== null);
  const withMyIps = useClaim('menu-see-ip-management');
  const canChoose = useClaim('menu-see-cloud-servers');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const back = (
    <Anchor component={Link} to={buildPath('ipsets')} size="sm">
      <Group gap={4} wrap="nowrap">
        <Icon name="list" size={16} />
        {t('ipset.back')}
      </Group>
    </Anchor>
  );
  const notFound = (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('ipset.not_found.title')} />
      <EmptyState
        icon="shield"
        title={t('ipset.not_found.heading')}
        body={t('ipset.not_found.body')}
        action={
          <Button component={Link} to={buildPath('ipsets')} variant="light">
            {t('ipset.back')}
          </Button>
        }
      />
    </Stack>
  );
  if (id === null) return notFound;
  if (ipset.isSuccess && ipset.data === null) return notFound;
  const row = ipset.data ?? null;

  return (
    <Stack gap="lg" maw={1100}>
      <QueryState
        query={ipset}
        loadingLabel={t('ipset.loading')}
        skeleton={
          <>
            <Skeleton h={36} w={240} radius="sm" />
            <Skeleton h={18} w={320} radius="sm" />
          </>
        }
      >
        {row && (
          <>
            <PageHeader
              title={t('ipset.title', { name: row.name })}
              subtitle={row.comment || undefined}
              actions={
                <Group gap="xs" wrap="wrap">
                  {back}
                  <Button variant="default" leftSection={<Icon name="edit" size={16} />} onClick={() => setEditing(true)}>
                    {t('ipset.edit')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<Icon name="trash" size={16} />}
                    onClick={() => setDeleting(true)}
                  >
                    {t('ipset.delete')}
                  </Button>
                </Group>
              }
            />
            <Text size="sm" c="dimmed">
              {t('ipset.facts', { count: row.ip_count, servers: row.server_count })}
            </Text>
            <IpsetServersPanel ipset={row.ipset} name={row.name} canChoose={canChoose} />
            <IpsetIpsPanel ipset={row.ipset} withMyIps={withMyIps} />
            <EditIpsetDialog ipset={row} opened={editing} onClose={() => setEditing(false)} />
            <DeleteIpsetDialog
              ipset={deleting ? row : null}
              servers={servers.data ?? []}
              onClose={() => setDeleting(false)}
              onDeleted={() => void navigate(buildPath('ipsets'))}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
