/**
 * Confirms deleting an ISO image. One attached to a server cannot be deleted (409 ISO_IN_USE): the
 * dialog says so before asking and offers no delete.
 */
import { Alert, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { IsoRow } from '@portside/contract/schemas/vm-data';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDeleteIso } from '../api/delete-iso';

export function DeleteIsoDialog({ iso, onClose }: { iso: IsoRow | null; onClose: () => void }) {
  const { t } = useTranslation(['iso', 'common']);
  const del = useDeleteIso();
  const inUse = (iso?.attached_to.length ?? 0) > 0;
  const close = () => {
    del.reset();
    onClose();
  };
  const confirm = () =>
    iso &&
    del.mutate(
      { p_iso: iso.id },
      {
        onSuccess: () => {
          notifySuccess(t('delete.sent', { name: iso.file_name }));
          close();
        },
      },
    );
  return (
    <ConfirmDialog
      opened={iso !== null}
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      canConfirm={!inUse}
      onConfirm={confirm}
      onClose={close}
      loading={del.isPending}
      error={<ErrorAlert error={del.error} />}
    >
      {inUse ? (
        <Alert color="yellow" variant="light">
          {t('delete.in_use', { name: iso?.file_name ?? '', count: iso?.attached_to.length ?? 0 })}
        </Alert>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('delete.body', { name: iso?.file_name ?? '' })}
        </Text>
      )}
    </ConfirmDialog>
  );
}
