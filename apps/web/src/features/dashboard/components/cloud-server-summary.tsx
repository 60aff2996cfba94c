/**
 * The dashboard's cloud servers: how many there are in each power state, and the newest few,
 * each linking to its details page.
 */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { normalizeServerState, SERVER_STATES, type ServerState } from '@portside/contract/rules/server-state';
import type { DashboardVm } from '../api/get-dashboard-vms';
import { useLocationName } from '../../../shared/format/use-location-name';

/** Servers listed under the counts; 'Show all' leads to the rest. */
const NEWEST = 4;

const COLOR: Partial<Record<ServerState, string>> = { RUNNING: 'green', STOPPED: 'gray', UNKNOWN: 'dark' };

export function CloudServerSummary({ vms }: { vms: readonly DashboardVm[] }) {
  const { t } = useTranslation('dashboard');
  const locationName = useLocationName();
  const stateOf = (vm: DashboardVm) => normalizeServerState({ power_status: vm.power_status });
  const counts = new Map<ServerState, number>();
  for (const vm of vms) counts.set(stateOf(vm), (counts.get(stateOf(vm)) ?? 0) + 1);
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {t('cloud.total', { count: vms.length })}
        </Text>
        {SERVER_STATES.filter((s) => counts.has(s)).map((s) => (
          <Badge key={s} variant="light" color={COLOR[s] ?? 'yellow'}>
            {s} {counts.get(s)}
          </Badge>
        ))}
      </Group>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {t('cloud.newest')}
      </Text>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {vms.slice(0, NEWEST).map((vm) => (
          <Group component="li" key={vm.provisioned_id} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to={buildPath('server_details', { provisioned_id: vm.provisioned_id })} fw={600} truncate>
                {vm.name}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {[vm.model_name, locationName(vm.location, vm.location_name)].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Badge size="sm" variant="light" color={COLOR[stateOf(vm)] ?? 'yellow'} style={{ flexShrink: 0 }}>
              {stateOf(vm)}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
