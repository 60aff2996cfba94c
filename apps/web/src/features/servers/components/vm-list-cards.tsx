/**
 * The servers of one project on a phone: one card per server instead of table rows — the name
 * (a link to its details), the switched-on addresses, location and model, and the three badges.
 */
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { VmRow } from '@portside/contract/schemas/vms';
import { VmStateNote } from './vm-state-note';
import { VmBadges } from './vm-badges';
import { addressShown } from '../lib/vm-rules';
import { useLocationName } from '../../../shared/format/use-location-name';

export interface VmListCardsProps {
  label: string;
  vms: readonly VmRow[];
  showIpv4: boolean;
  showIpv6: boolean;
}

export function VmListCards({ label, vms, showIpv4, showIpv6 }: VmListCardsProps) {
  const { t } = useTranslation('servers');
  const locationName = useLocationName();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {vms.map((vm) => {
        const assigning = t('list.assigning');
        const addresses = [
          showIpv4 ? addressShown(vm, vm.ip, assigning) : null,
          showIpv6 ? addressShown(vm, vm.ipv6, assigning) : null,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <Paper component="li" key={vm.provisioned_id} withBorder radius="sm" p="xs">
            <Stack gap={4}>
              <Anchor
                component={Link}
                to={buildPath('server_details', { provisioned_id: vm.provisioned_id })}
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {vm.name}
              </Anchor>
              {addresses && (
                <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {addresses}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {[locationName(vm.location, vm.location_name), vm.model_name].filter(Boolean).join(' · ')}
              </Text>
              <VmStateNote vm={vm} />
              <Group gap={4}>
                <VmBadges vm={vm} size="xs" />
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
