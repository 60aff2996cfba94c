/**
 * A VPN server's peers: name and tunnel addresses (IPv4 over IPv6, so a phone's width holds them),
 * when each was added, and per peer its configuration and its removal; ten a page.
 */
import { useState } from 'react';
import { ActionIcon, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { VpnPeer, VpnServer } from '@portside/contract/schemas/vpn';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { Pager } from '../../../shared/ui/pager';
import { QueryState } from '../../../shared/ui/query-state';
import { useVpnPeers } from '../api/get-vpn-peers';
import { PeerConfigDialog, RemovePeerDialog } from './peer-dialogs';

/** Peers per page. */
const PAGE_SIZE = 10;

export function PeersTable({ server }: { server: VpnServer }) {
  const { t } = useTranslation('vpn');
  const date = useDateFormat();
  const peers = useVpnPeers(server.provisioned_id);
  const [page, setPage] = useState(1);
  const [configOf, setConfigOf] = useState<VpnPeer | null>(null);
  const [removing, setRemoving] = useState<VpnPeer | null>(null);
  const all = peers.data ?? [];
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const shown = all.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const label = t('peers.label', { server: server.name });

  return (
    <QueryState
      query={peers}
      loadingLabel={t('peers.loading')}
      skeleton={1}
      isEmpty={() => all.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          {t('peers.empty')}
        </Text>
      }
    >
      <Stack gap="xs">
        <Table verticalSpacing="xs" aria-label={label} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('peers.peer')}</Table.Th>
              <Table.Th w={{ base: 92, sm: 180 }}>{t('peers.added')}</Table.Th>
              <Table.Th w={84}>
                <VisuallyHidden>{t('peers.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Text>
                  <Text size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {p.address_v4}
                    <br />
                    {p.address_v6}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{date(p.created_at, { style: 'date' })}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('peers.show_config', { peer: p.name })} withinPortal>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => setConfigOf(p)}
                        aria-label={t('peers.show_config', { peer: p.name })}
                      >
                        <Icon name="download" size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('peers.remove', { peer: p.name })} withinPortal>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving(p)}
                        aria-label={t('peers.remove', { peer: p.name })}
                      >
                        <Icon name="trash" size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {pages > 1 && (
          <Pager
            page={Math.min(page, pages)}
            pages={pages}
            onChange={setPage}
            label={t('peers.page_label', { server: server.name })}
          />
        )}
      </Stack>
      <PeerConfigDialog server={server} peer={configOf} onClose={() => setConfigOf(null)} />
      <RemovePeerDialog server={server} peer={removing} onClose={() => setRemoving(null)} />
    </QueryState>
  );
}
