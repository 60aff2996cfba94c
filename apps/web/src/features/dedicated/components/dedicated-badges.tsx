/**
 * The badges of a dedicated server: its power state (named in the interface language, coloured by
 * state) and a health value (disks, memory, sensors and the server itself).
 */
import { Badge, type BadgeProps } from '@mantine/core';
import type { BmcPowerState, Health } from '@portside/contract/schemas/dedicated';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { HEALTH_COLOR, POWER_STATE_COLOR } from '../lib/power';

/** Badges keep their whole word: a table cell on a phone must not cut 'Healthy' to 'Heal…'. */
const WHOLE = { root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } } as const;

export function PowerStateBadge({ state, size = 'sm' }: { state: BmcPowerState; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('dedicated');
  return (
    <Badge size={size} variant="light" color={POWER_STATE_COLOR[state]} styles={WHOLE}>
      {t(`states.${state}`)}
    </Badge>
  );
}

export function HealthBadge({ health, size = 'sm' }: { health: Health; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('dedicated');
  return (
    <Badge size={size} variant={health === 'OK' ? 'light' : 'filled'} color={HEALTH_COLOR[health]} styles={WHOLE}>
      {t(`health.${health}`)}
    </Badge>
  );
}
