/**
 * The servers an IP set is attached to (ClientIpsetsVms): each links to its page and can be
 * detached; 'Attach to servers' offers the others. A firewall rule can name the set only on a
 * server it is attached to. Choosing servers needs menu-see-cloud-servers (MyVMs2).
 */
import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { IpsetVmRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { Icon } from '../../../shared/ui/icons';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useIpsetServers } from '../api/get-ipset-servers';
import { AttachServersDialog } from './attach-servers-dialog';
import { RowRemoveButton } from '../../../shared/ui/row-remove-button';
import { DetachServerDialog } from './detach-server-dialog';

export interface IpsetServersPanelProps {
  ipset: number;
  name: string;
  /** Whether the user may list servers (menu-see-cloud-servers) to attach the set to. */
  canChoose: boolean;
}

export function IpsetServersPanel({ ipset, name, canChoose }: IpsetServersPanelProps) {
  const { t } = useTranslation('network');
  const formatDate = useDateFormat();
  const servers = useIpsetServers(ipset);
  const [attaching, setAttaching] = useState(false);
  const [detaching, setDetaching] = useState<IpsetVmRow | null>(null);
  const rows = useMemo(() => servers.data ?? [], [servers.data]);
  const attached = useMemo(() => new Set(rows.map((r) => r.provisioned_id)), [rows]);
  const attachButton = canChoose ? (
    <Button variant="light" leftSection={<Icon name="plus" size={16} />} onClick={() => setAttaching(true)}>
      {t('servers.attach')}
    </Button>
  ) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="ipset-servers-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4" id="ipset-servers-title">
            {t('servers.title')}
          </Title>
          {rows.length > 0 && attachButton}
        </Group>
        <Text size="sm" c="dimmed">
          {t('servers.explain')}
        </Text>
        <QueryState
          query={servers}
          loadingLabel={t('servers.loading')}
          isEmpty={() => rows.length === 0}
          empty={
            <EmptyState
              icon="server"
              title={t('servers.empty.title')}
              body={canChoose ? t('servers.empty.body') : t('servers.no_server_access')}
              action={attachButton}
            />
          }
        >
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing="xs" aria-label={t('servers.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('servers.server')}</Table.Th>
                  <Table.Th visibleFrom="xs">{t('servers.since')}</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('ipsets.table.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.provisioned_id} data-testid="ipset-server-row">
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={buildPath('server_details', { provisioned_id: r.provisioned_id }, { tab: 'firewall' })}
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {r.server_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td visibleFrom="xs">
                      <Text size="sm">{formatDate(r.created_at, { style: 'date' })}</Text>
                    </Table.Td>
                    <Table.Td>
                      <RowRemoveButton
                        icon="close"
                        label={t('detach.button', { server: r.server_name })}
                        onClick={() => setDetaching(r)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </QueryState>
      </Stack>
      {canChoose && (
        <AttachServersDialog
          ipset={ipset}
          name={name}
          attached={attached}
          opened={attaching}
          onClose={() => setAttaching(false)}
        />
      )}
      <DetachServerDialog ipset={ipset} name={name} server={detaching} onClose={() => setDetaching(null)} />
    </Paper>
  );
}
