/**
 * The badges of a dedicated server: its power state (named in the interface language, coloured by
 * state) and a health value (disks, memory, sensors and the server itself).
 */
import { Badge, type BadgeProps } from '@mantine/core';
import type { BmcPowerState, Health } from '@portside/contract/schemas/dedicated';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { HEALTH_COLOR, POWER_STATE_COLOR } from '../lib/power';

export function PowerStateBadge({ state, size = 'sm' }: { state: BmcPowerState; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('dedicated');
  return (
    <Badge size={size} variant="light" color={POWER_STATE_COLOR[state]} style={{ flexShrink: 0 }}>
      {t(`states.${state}`)}
    </Badge>
  );
}

export function HealthBadge({ health, size = 'sm' }: { health: Health; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('dedicated');
  return (
    <Badge size={size} variant={health === 'OK' ? 'light' : 'filled'} color={HEALTH_COLOR[health]} style={{ flexShrink: 0 }}>
      {t(`health.${health}`)}
    </Badge>
  );
}
