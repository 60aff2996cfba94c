/**
 * Warnings above a server's actions: lost contact (spec 2 §8 'Active status lost', whenever the
 * activity status is not OK), a server still being created, a pending deletion, and an operation
 * still running.
 */
import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { hasContactProblem, isCreating, isPendingDelete } from '../lib/vm-rules';
import type { VmRow } from '@portside/contract/schemas/vms';

export function VmNotices({ vm }: { vm: VmRow }) {
  const { t } = useTranslation('servers');
  const status = (vm.active_status ?? '').toUpperCase();
  const severe = status === 'DEAD' || status === 'LOST' || status === 'CRITICAL';
  return (
    <Stack gap="xs">
      {hasContactProblem(vm) && (
        <Alert
          color={severe ? 'red' : 'yellow'}
          variant="light"
          icon={<Icon name="alert" />}
          role="alert"
          title={t('notices.activity_title', { status: status || 'LOST' })}
        >
          {t('notices.contact_lost')}
        </Alert>
      )}
      {isCreating(vm) && (
        <Alert color="blue" variant="light" icon={<Loader size={16} />} aria-live="polite" title={t('creating.title')}>
          {t('creating.body')}
        </Alert>
      )}
      {isPendingDelete(vm) && (
        <Alert color="red" variant="outline" icon={<Icon name="trash" />}>
          {t('pending_delete.body')}
        </Alert>
      )}
      {vm.operation && (
        <Alert color="blue" variant="light" icon={<Loader size={16} />} aria-live="polite">
          {t('notices.operation', { operation: t(`operations.${vm.operation}`, { defaultValue: vm.operation }) })}
        </Alert>
      )}
    </Stack>
  );
}
