/**
 * Deleting a server (spec 1 §2 Modals 'delete server', §4 'Lock'): it must be turned off and
 * unlocked — otherwise the dialog says so with the spec's message and offers no delete. Without
 * the vm-settings-delete claim it says 'Operation not permitted!'.
 */
import { Alert, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDeleteVm } from '../api/delete-vm';
import { deleteBlock } from '../lib/vm-rules';
import type { VmRow } from '@portside/contract/schemas/vms';

export interface DeleteVmDialogProps {
  vm: VmRow;
  opened: boolean;
  onClose: () => void;
  /** The user holds vm-settings-delete. */
  permitted: boolean;
}

export function DeleteVmDialog({ vm, opened, onClose, permitted }: DeleteVmDialogProps) {
  const { t } = useTranslation(['servers', 'common']);
  const del = useDeleteVm();
  const block = deleteBlock(vm);
  const refusal = !permitted
    ? t('delete.not_permitted')
    : block === 'contact_lost'
      ? t('notices.contact_lost')
      : block
        ? t(`blocked.${block}`)
        : null;

  const close = () => {
    del.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t('delete.title', { name: vm.name })}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t(refusal ? 'common:actions.close' : 'common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={() =>
        del.mutate(vm.provisioned_id, {
          onSuccess: () => {
            notifySuccess(t('delete.sent', { name: vm.name }));
            close();
          },
        })
      }
      onClose={close}
      loading={del.isPending}
      canConfirm={refusal === null}
      error={del.error ? <ErrorAlert error={del.error} /> : null}
    >
      {refusal ? (
        <Alert color="yellow" variant="light">
          {refusal}
        </Alert>
      ) : (
        <Text>{t('delete.body', { name: vm.name })}</Text>
      )}
    </ConfirmDialog>
  );
}
