/**
 * The confirmations of ClientDelete and ProfilesDelete (issue 18): what goes and what stays is
 * said before anything is deleted; the call's refusal (a staff account, an owner) shows in the dialog.
 */
import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useClientDelete } from '../api/delete-client';
import { useProfilesDelete } from '../api/delete-profile';

export interface DeleteClientDialogProps {
  /** The account to delete, or null when closed. */
  client: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteClientDialog({ client, onClose, onDeleted }: DeleteClientDialogProps) {
  const { t } = useTranslation(['clients', 'common']);
  const del = useClientDelete();
  const close = () => {
    del.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={client !== null}
      title={t('delete_client.title')}
      confirmLabel={t('delete_client.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      loading={del.isPending}
      error={<ErrorAlert error={del.error} />}
      onClose={close}
      onConfirm={() =>
        client &&
        del.mutate(
          { p_client: client.id },
          {
            onSuccess: (r) => {
              notifySuccess(t(r.billing_kept ? 'delete_client.done_kept' : 'delete_client.done', { name: client.name }));
              close();
              onDeleted?.();
            },
          },
        )
      }
    >
      <Text size="sm">{t('delete_client.body', { name: client?.name ?? '' })}</Text>
      <Text size="sm" c="dimmed">
        {t('delete_client.billing')}
      </Text>
    </ConfirmDialog>
  );
}

export interface DeleteProfileDialogProps {
  user: { id: string; email: string } | null;
  onClose: () => void;
}

export function DeleteProfileDialog({ user, onClose }: DeleteProfileDialogProps) {
  const { t } = useTranslation(['clients', 'common']);
  const del = useProfilesDelete();
  const close = () => {
    del.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={user !== null}
      title={t('delete_user.title')}
      confirmLabel={t('delete_user.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      loading={del.isPending}
      error={<ErrorAlert error={del.error} />}
      onClose={close}
      onConfirm={() =>
        user &&
        del.mutate(
          { p_user: user.id },
          {
            onSuccess: () => {
              notifySuccess(t('delete_user.done', { email: user.email }));
              close();
            },
          },
        )
      }
    >
      <Text size="sm">{t('delete_user.body', { email: user?.email ?? '' })}</Text>
    </ConfirmDialog>
  );
}
