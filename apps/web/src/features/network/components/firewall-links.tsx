/**
 * IPSET_IN_USE explained: a firewall rule names the IP set, so it cannot go (or leave a server) yet.
 * The servers' Firewall tabs are linked, where the rule that names it is changed or deleted.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ApiError } from '../../../shared/api/client';

/** Whether the call was refused because a firewall rule uses the IP set. */
export function isIpsetInUse(error: unknown): boolean {
  return error instanceof ApiError && error.body.code === 'IPSET_IN_USE';
}

export interface FirewallLinksProps {
  name: string;
  servers: readonly { provisioned_id: number; server_name: string }[];
}

export function FirewallLinks({ name, servers }: FirewallLinksProps) {
  const { t } = useTranslation('network');
  return (
    <Stack gap={4}>
      <Text size="sm">{t('in_use.body', { name })}</Text>
      {servers.length > 0 && (
        <Group gap="xs" wrap="wrap">
          {servers.map((s) => (
            <Anchor
              key={s.provisioned_id}
              component={Link}
              to={buildPath('server_details', { provisioned_id: s.provisioned_id }, { tab: 'firewall' })}
              size="sm"
            >
              {t('in_use.firewall_of', { server: s.server_name })}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
