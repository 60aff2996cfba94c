/**
 * One VPN server: its name (to the cloud server's page), location and address, power state and
 * whether its configuration is applied, where peers reach it and its public key, then its peers
 * and 'Add peer' (up to the contract's 50).
 */
import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { VPN_PEERS_MAX } from '@portside/contract/rules/vpn';
import type { VpnServer } from '@portside/contract/schemas/vpn';
import { useLocationName } from '../../../shared/format/use-location-name';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { configState } from '../lib/config-state';
import { PeersTable } from './peers-table';

const CONFIG_COLOR = { applied: 'teal', applying: 'blue', waiting: 'yellow' } as const;

function powerKey(status: string): 'running' | 'stopped' | 'changing' | 'unknown' {
  if (status === 'RUNNING') return 'running';
  if (status === 'STOPPED') return 'stopped';
  return /^(PRE|POST)-/.test(status) ? 'changing' : 'unknown';
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0} style={{ flex: '1 1 12rem' }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function VpnServerCard({ server, onAddPeer }: { server: VpnServer; onAddPeer: (server: VpnServer) => void }) {
  const { t } = useTranslation('vpn');
  const locationName = useLocationName();
  const state = configState(server);
  const titleId = `vpn-server-${server.provisioned_id}`;
  const full = server.peers_count >= VPN_PEERS_MAX;
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Title order={2} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={buildPath('server_details', { provisioned_id: server.provisioned_id })} inherit>
                {server.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {[locationName(server.location, server.location_name), server.ipv4 ?? server.ipv6].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge variant="light" color={server.power_status === 'RUNNING' ? 'teal' : 'gray'}>
              {t(`power.${powerKey(server.power_status)}`)}
            </Badge>
            <Badge variant="light" color={CONFIG_COLOR[state]} role="status">
              {t(`state.${state}`)}
            </Badge>
          </Group>
        </Group>
        {state === 'waiting' && (
          <Text size="sm" c="dimmed">
            {server.power_status === 'RUNNING' ? t('state.waiting_agent') : t('state.waiting_stopped')}
          </Text>
        )}
        <Group gap="md" align="flex-start" wrap="wrap">
          <Fact label={t('server.endpoint')}>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {server.endpoint ?? t('server.no_endpoint')}
            </Text>
          </Fact>
          <Fact label={t('server.public_key')}>
            {server.public_key ? (
              <Group gap={4} wrap="nowrap" align="center">
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {server.public_key}
                </Text>
                <CopyButton value={server.public_key}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('config.copied') : t('server.copy_key')} withinPortal>
                      <ActionIcon variant="subtle" onClick={copy} aria-label={t('server.copy_key')}>
                        <Icon name={copied ? 'check' : 'copy'} size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            ) : (
              <Text size="sm">{t('server.key_pending')}</Text>
            )}
          </Fact>
        </Group>
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={3} fz="h5">
            {t('peers.title', { count: server.peers_count, max: VPN_PEERS_MAX })}
          </Title>
          <Button size="xs" leftSection={<Icon name="plus" size={14} />} onClick={() => onAddPeer(server)} disabled={full}>
            {t('peers.add')}
          </Button>
        </Group>
        {full && (
          <Text size="sm" c="dimmed">
            {t('peers.full', { max: VPN_PEERS_MAX })}
          </Text>
        )}
        <PeersTable server={server} />
      </Stack>
    </Paper>
  );
}
