/**
 * The three state badges of a server: power state (the spec's values, RUNNING … POST-STOP), lock
 * (on, off, unknown) and activity (OK … LOST). Each has a title (tooltip) saying what it is.
 */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ServerState } from '@portside/contract/rules/server-state';
import { Icon } from '../../../shared/ui/icons';
import { lockStateOf, powerStateOf, type LockState } from '../lib/vm-rules';
import type { VmRow } from '@portside/contract/schemas/vms';

const POWER_COLOR: Readonly<Record<ServerState, string>> = {
  RUNNING: 'green',
  STOPPED: 'gray',
  UNKNOWN: 'dark',
  'PRE-START': 'yellow',
  'PRE-STOP': 'yellow',
  'POST-START': 'teal',
  'POST-STOP': 'indigo',
};

const LOCK_COLOR: Readonly<Record<LockState, string>> = { on: 'orange', off: 'gray', unknown: 'dark' };

const ACTIVITY_COLOR: Readonly<Record<string, string>> = {
  OK: 'green',
  WARNING: 'yellow',
  CRITICAL: 'orange',
  DEAD: 'red',
  LOST: 'red',
};

export function PowerStateBadge({ vm, size = 'sm' }: { vm: Pick<VmRow, 'power_status'>; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('servers');
  const state = powerStateOf(vm);
  return (
    <Badge color={POWER_COLOR[state]} variant="light" size={size} title={t('badges.power', { state })} style={{ flexShrink: 0 }}>
      {state}
    </Badge>
  );
}

export function LockBadge({ vm, size = 'sm' }: { vm: Pick<VmRow, 'locked'>; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('servers');
  const lock = lockStateOf(vm);
  return (
    <Badge
      color={LOCK_COLOR[lock]}
      variant={lock === 'on' ? 'filled' : 'outline'}
      size={size}
      leftSection={<Icon name="key" size={12} />}
      style={{ flexShrink: 0 }}
    >
      {t(`lock.${lock}`)}
    </Badge>
  );
}

export function ActivityBadge({ vm, size = 'sm' }: { vm: Pick<VmRow, 'active_status'>; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('servers');
  const status = (vm.active_status ?? 'LOST').trim().toUpperCase();
  return (
    <Badge
      color={ACTIVITY_COLOR[status] ?? 'gray'}
      variant={status === 'OK' ? 'light' : 'filled'}
      size={size}
      title={t('badges.activity', { status })}
      style={{ flexShrink: 0 }}
    >
      {status}
    </Badge>
  );
}

/** The three badges side by side. */
export function VmBadges({ vm, size }: { vm: VmRow; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Group gap={6} wrap="wrap">
      <PowerStateBadge vm={vm} size={size} />
      <LockBadge vm={vm} size={size} />
      <ActivityBadge vm={vm} size={size} />
    </Group>
  );
}
