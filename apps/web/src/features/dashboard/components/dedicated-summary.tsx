/**
 * The dashboard's dedicated servers: how many there are and the first few, each with its power
 * state and a link to its details page.
 */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useLocationName } from '../../../shared/format/use-location-name';
import type { DashboardDedicated } from '../api/get-dashboard-dedicated';

const COLOR: Readonly<Record<string, string>> = { On: 'green', Off: 'gray', Unknown: 'dark', Paused: 'orange' };

export function DedicatedSummary({ servers, total }: { servers: readonly DashboardDedicated[]; total: number }) {
  const { t } = useTranslation('dashboard');
  const locationName = useLocationName();
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {t('dedicated.total', { count: total })}
      </Text>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {servers.map((s) => (
          <Group component="li" key={s.serial} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to={buildPath('server_details_dedicated', { serial: s.serial })} fw={600} truncate>
                {s.hostname || s.serial}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {[s.model, locationName(s.location, s.location_name)].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Badge size="sm" variant="light" color={COLOR[s.power_state] ?? 'yellow'} style={{ flexShrink: 0 }}>
              {t(`dedicated.states.${s.power_state}`)}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
