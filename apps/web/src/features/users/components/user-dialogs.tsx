/**
 * The dialogs of the user actions (edit, change password, block, delete), shared by the list and
 * the details page. Unblocking needs no confirmation; blocking and deleting do.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyUser } from '@portside/contract/schemas/users';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDeleteMyUser } from '../api/delete-my-user';
import { useToggleUserBlock } from '../api/toggle-user-block';
import { ConfirmModal } from './confirm-modal';
import { PasswordModal } from './password-modal';
import { UserFormModal } from './user-form-modal';

export type UserAction = 'edit' | 'password' | 'block' | 'delete';
export interface UserDialog {
  action: UserAction;
  user: MyUser;
}

export interface UserDialogsProps {
  dialog: UserDialog | null;
  onClose: () => void;
  onDeleted?: (user: MyUser) => void;
}

export function UserDialogs({ dialog, onClose, onDeleted }: UserDialogsProps) {
  const { t } = useTranslation('users');
  const block = useToggleUserBlock();
  const remove = useDeleteMyUser();
  const user = dialog?.user ?? null;
  const { reset: resetBlock } = block;
  const { reset: resetRemove } = remove;

  useEffect(() => {
    resetBlock();
    resetRemove();
  }, [dialog, resetBlock, resetRemove]);

  // Unblocking is harmless: it happens at once, without a dialog.
  const unblocking = dialog?.action === 'block' && dialog.user.blocked;
  const { mutate: toggle } = block;
  const unblocked = useRef<UserDialog | null>(null);
  useEffect(() => {
    if (!unblocking || !dialog || unblocked.current === dialog) return;
    unblocked.current = dialog;
    const { user: u } = dialog;
    toggle(
      { p_user: u.username },
      { onSuccess: () => notifySuccess(t('confirm.unblocked', { email: u.email })), onSettled: onClose },
    );
  }, [unblocking, dialog, toggle, onClose, t]);

  return (
    <>
      <UserFormModal opened={dialog?.action === 'edit'} user={dialog?.action === 'edit' ? user : null} onClose={onClose} />
      <PasswordModal user={dialog?.action === 'password' ? user : null} onClose={onClose} />
      <ConfirmModal
        opened={dialog?.action === 'block' && !unblocking}
        title={t('confirm.block_title')}
        body={t('confirm.block_body', { email: user?.email ?? '' })}
        confirmLabel={t('confirm.block')}
        pending={block.isPending}
        error={block.error}
        onClose={onClose}
        onConfirm={() =>
          user &&
          toggle(
            { p_user: user.username },
            {
              onSuccess: () => {
                notifySuccess(t('confirm.blocked', { email: user.email }));
                onClose();
              },
            },
          )
        }
      />
      <ConfirmModal
        opened={dialog?.action === 'delete'}
        title={t('confirm.delete_title')}
        body={t('confirm.delete_body', { email: user?.email ?? '' })}
        confirmLabel={t('confirm.delete')}
        pending={remove.isPending}
        error={remove.error}
        onClose={onClose}
        onConfirm={() =>
          user &&
          remove.mutate(
            { p_user: user.username },
            {
              onSuccess: () => {
                notifySuccess(t('confirm.deleted', { email: user.email }));
                onClose();
                onDeleted?.(user);
              },
            },
          )
        }
      />
    </>
  );
}
