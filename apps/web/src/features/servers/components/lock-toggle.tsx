/**
 * The server lock (spec 1 §4 'Lock'): a switch that is on when the server is locked. The lock can
 * also be unknown; toggling then asks the server to flip whatever it holds. The change runs as an
 * operation, so the switch waits until the server reports the new lock.
 */
import { Switch } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { notifySuccess } from '../../../shared/ui/notify';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { useToggleVmLock } from '../api/toggle-vm-lock';
import { lockBlock, lockStateOf } from '../lib/vm-rules';
import type { VmRow } from '@portside/contract/schemas/vms';

export function LockToggle({ vm }: { vm: VmRow }) {
  const { t } = useTranslation('servers');
  const toggle = useToggleVmLock();
  const notice = useApiErrorNotice();
  const lock = lockStateOf(vm);
  const changing = vm.operation === 'lock' || vm.operation === 'unlock';

  return (
    <Switch
      label={t('lock.switch_label')}
      description={changing ? t('lock.changing') : t(`lock.describe_${lock}`)}
      checked={lock === 'on'}
      disabled={lockBlock(vm) !== null || toggle.isPending}
      color="orange"
      onChange={() =>
        toggle.mutate(vm.provisioned_id, {
          onSuccess: () => notifySuccess(t(lock === 'on' ? 'lock.sent_unlock' : 'lock.sent_lock', { name: vm.name })),
          onError: notice,
        })
      }
    />
  );
}
