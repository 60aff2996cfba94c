/** A dedicated server's power state, health and BMC reachability as badges (the table and the details). */
import { Badge, Group } from '@mantine/core';
import type { BmcPowerState, Health } from '@portside/contract/schemas/dedicated';
import { useTranslation } from '../../../shared/i18n/use-translation';

const HEALTH_COLOR: Record<Health, string> = { OK: 'green', Warning: 'orange', Critical: 'red' };
const POWER_COLOR: Partial<Record<BmcPowerState, string>> = { On: 'green', Off: 'gray', Unknown: 'gray' };

export function ServerStateBadges(p: { power: BmcPowerState; health: Health; reachable: boolean }) {
  const { t } = useTranslation('staff');
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color={POWER_COLOR[p.power] ?? 'blue'}>
        {t(`server_stats.power.${p.power}`)}
      </Badge>
      <Badge variant="light" color={HEALTH_COLOR[p.health]}>
        {t(`server_stats.health.${p.health}`)}
      </Badge>
      <Badge variant="light" color={p.reachable ? 'green' : 'red'}>
        {t(p.reachable ? 'server_stats.bmc_ok' : 'server_stats.bmc_down')}
      </Badge>
    </Group>
  );
}
