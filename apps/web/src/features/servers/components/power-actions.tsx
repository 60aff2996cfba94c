/**
 * The power buttons of a server: start, stop, reboot, reset and power cycle. A button that cannot
 * be used now is disabled and the reason is written under the buttons (a locked server: 'Server
 * must be unlocked before performing this operation'). Everything but start asks first.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { usePowerVm } from '../api/power-vm';
import { CONFIRMED_ACTIONS, POWER_ACTIONS, powerBlock, type BlockReason, type PowerAction } from '../lib/vm-rules';
import type { VmRow } from '@portside/contract/schemas/vms';

const COLOR: Readonly<Record<PowerAction, string | undefined>> = {
  start: 'green',
  stop: 'red',
  reboot: undefined,
  reset: 'orange',
  'power-cycle': 'orange',
};

export function PowerActions({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common']);
  const power = usePowerVm();
  const notice = useApiErrorNotice();
  const [asking, setAsking] = useState<PowerAction | null>(null);

  const run = (action: PowerAction) =>
    power.mutate(
      { action, id: vm.provisioned_id },
      {
        onSuccess: () => {
          setAsking(null);
          notifySuccess(t(`power.sent.${action}`, { name: vm.name }));
        },
        // A confirmed action shows its error in the dialog; start shows it in the banner.
        onError: (e) => {
          if (!CONFIRMED_ACTIONS.includes(action)) notice(e);
        },
      },
    );

  const press = (action: PowerAction) => {
    if (!CONFIRMED_ACTIONS.includes(action)) return run(action);
    power.reset();
    setAsking(action);
  };

  const blocks = POWER_ACTIONS.map((a) => powerBlock(vm, a));
  // One line per reason that closes a button. The power state explains itself, and lost contact
  // has its warning above the buttons.
  const reasons = [...new Set(blocks.filter((b): b is BlockReason => b !== null && b !== 'state' && b !== 'contact_lost'))];

  return (
    <Stack gap={6}>
      <Group gap="xs" role="group" aria-label={t('power.group_label')}>
        {POWER_ACTIONS.map((action, i) => (
          <Button
            key={action}
            size="xs"
            variant="light"
            color={COLOR[action]}
            disabled={blocks[i] !== null}
            loading={power.isPending && power.variables?.action === action}
            onClick={() => press(action)}
          >
            {t(`power.actions.${action}`)}
          </Button>
        ))}
      </Group>
      {reasons.map((r) => (
        <Text key={r} size="sm" c={r === 'locked' ? 'orange' : 'dimmed'} role={r === 'locked' ? 'status' : undefined}>
          {t(`blocked.${r}`)}
        </Text>
      ))}

      <ConfirmDialog
        opened={asking !== null}
        title={asking ? t(`power.confirm.${asking}.title`, { name: vm.name }) : ''}
        confirmLabel={asking ? t(`power.actions.${asking}`) : ''}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={() => asking && run(asking)}
        onClose={() => setAsking(null)}
        loading={power.isPending}
        error={asking && power.error ? <ErrorAlert error={power.error} /> : null}
      >
        <Text>{asking ? t(`power.confirm.${asking}.body`, { name: vm.name }) : ''}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
