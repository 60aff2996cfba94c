/** Confirms deleting SSH keys (one or the selected ones). Servers that already have them keep them. */
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { SshKeyRow } from '@portside/contract/schemas/ssh-keys';
import { errorHtml } from '../../../shared/api/client';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useDeleteSshKeys } from '../api/delete-ssh-keys';

export interface DeleteKeysDialogProps {
  /** The keys to delete; the dialog is open while this is not empty. */
  keys: readonly Pick<SshKeyRow, 'id' | 'name' | 'fingerprint'>[];
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteKeysDialog({ keys, onClose, onDeleted }: DeleteKeysDialogProps) {
  const { t } = useTranslation(['ssh_keys', 'errors', 'validation', 'common']);
  const del = useDeleteSshKeys();
  const close = () => {
    del.reset();
    onClose();
  };
  const confirm = () =>
    del.mutate(
      { p_ids: keys.map((k) => k.id) },
      {
        onSuccess: (r) => {
          notifySuccess(t('ssh_keys:delete.deleted', { count: r.deleted }));
          close();
          onDeleted();
        },
      },
    );

  return (
    <ConfirmDialog
      opened={keys.length > 0}
      title={t('ssh_keys:delete.title', { count: keys.length })}
      confirmLabel={t('ssh_keys:delete.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={close}
      loading={del.isPending}
      error={
        del.error ? (
          <Alert color="red" variant="light" role="alert">
            <SafeHtml html={errorHtml(del.error, t)} />
          </Alert>
        ) : null
      }
    >
      <List size="sm" spacing={2} styles={{ itemLabel: { overflowWrap: 'anywhere' } }}>
        {keys.slice(0, 10).map((k) => (
          <List.Item key={k.id}>
            <Text span fw={600} size="sm">
              {k.name}
            </Text>{' '}
            <Text span ff="monospace" size="xs" c="dimmed">
              {k.fingerprint}
            </Text>
          </List.Item>
        ))}
      </List>
      {keys.length > 10 && <Text size="sm">{t('ssh_keys:delete.more', { count: keys.length - 10 })}</Text>}
      <Text size="sm">{t('ssh_keys:delete.body', { count: keys.length })}</Text>
    </ConfirmDialog>
  );
}
