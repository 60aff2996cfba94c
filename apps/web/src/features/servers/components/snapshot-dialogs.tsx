/**
 * The confirmations of one snapshot: delete, and roll back — the server returns to the snapshot
 * and every later snapshot is deleted (spec 1 §4), so the dialog names them.
 */
import { Alert, List, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VmSnapshotRow } from '@portside/contract/schemas/vm-data';
import type { VmRow } from '@portside/contract/schemas/vms';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDeleteSnapshot } from '../api/delete-snapshot';
import { useRollbackSnapshot } from '../api/rollback-snapshot';
import { snapshotsAfter } from '../lib/vm-data';

export type SnapshotDialogKind = 'rollback' | 'delete';
export interface SnapshotDialog {
  kind: SnapshotDialogKind;
  snapshot: VmSnapshotRow;
}

export interface SnapshotDialogsProps {
  vm: VmRow;
  rows: readonly VmSnapshotRow[];
  dialog: SnapshotDialog | null;
  onClose: () => void;
}

export function SnapshotDialogs({ vm, rows, dialog, onClose }: SnapshotDialogsProps) {
  const { t } = useTranslation(['servers', 'common']);
  const rollback = useRollbackSnapshot();
  const del = useDeleteSnapshot();
  const isRollback = dialog?.kind === 'rollback';
  const mutation = isRollback ? rollback : del;
  const name = dialog?.snapshot.name ?? '';
  const later = isRollback ? snapshotsAfter(rows, name) : [];
  const close = () => {
    rollback.reset();
    del.reset();
    onClose();
  };
  const confirm = () =>
    mutation.mutate(
      { p_provisioned_id: vm.provisioned_id, p_name: name },
      {
        onSuccess: () => {
          notifySuccess(t(isRollback ? 'snapshots.rollback.sent' : 'snapshots.delete.sent', { name }));
          close();
        },
      },
    );

  return (
    <ConfirmDialog
      opened={dialog !== null}
      title={t(isRollback ? 'snapshots.rollback.title' : 'snapshots.delete.title', { name })}
      confirmLabel={t(isRollback ? 'snapshots.rollback.confirm' : 'snapshots.delete.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={close}
      loading={mutation.isPending}
      error={<ErrorAlert error={mutation.error} />}
    >
      {isRollback ? (
        <Stack gap="xs">
          <Alert color="red" variant="light">
            {t('snapshots.rollback.body', { name, server: vm.name })}
          </Alert>
          {later.length > 0 ? (
            <>
              <Text size="sm">{t('snapshots.rollback.later', { count: later.length })}</Text>
              <List size="sm" aria-label={t('snapshots.rollback.later_label')}>
                {later.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text size="sm">{t('snapshots.rollback.none_later')}</Text>
          )}
        </Stack>
      ) : (
        <Text size="sm">{t('snapshots.delete.body', { name })}</Text>
      )}
    </ConfirmDialog>
  );
}
