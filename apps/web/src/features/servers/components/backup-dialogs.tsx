/**
 * The dialogs of one backup: restore (the 'backup restore' modal: the server is overwritten),
 * restore to a new server (its name and how it is paid: it is ordered like any server) and delete (refused while protected:
 * the dialog says why and offers no delete).
 */
import { useState } from 'react';
import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { validateVmName } from '@portside/contract/rules/validators';
import type { VmBackupFileRow } from '@portside/contract/schemas/vm-data';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDeleteBackup } from '../api/delete-backup';
import { useRestoreBackup } from '../api/restore-backup';
import { useRestoreBackupToClone } from '../api/restore-backup-to-clone';
import { cloneNameOf, newOrderKey, type ClonePaymentMethod } from '../lib/vm-data';
import { PaymentMethodChoice, useFollowCloneOrder } from './clone-order';

export type BackupDialogKind = 'restore' | 'clone' | 'delete';
export interface BackupDialog {
  kind: BackupDialogKind;
  backup: VmBackupFileRow;
}

export interface BackupDialogsProps {
  vm: VmRow;
  dialog: BackupDialog | null;
  onClose: () => void;
}

export function BackupDialogs({ vm, dialog, onClose }: BackupDialogsProps) {
  return (
    <>
      <RestoreDialog vm={vm} backup={dialog?.kind === 'restore' ? dialog.backup : null} onClose={onClose} />
      <CloneDialog
        key={dialog?.backup.volid ?? ''}
        vm={vm}
        backup={dialog?.kind === 'clone' ? dialog.backup : null}
        onClose={onClose}
      />
      <DeleteDialog vm={vm} backup={dialog?.kind === 'delete' ? dialog.backup : null} onClose={onClose} />
    </>
  );
}

interface OneProps {
  vm: VmRow;
  backup: VmBackupFileRow | null;
  onClose: () => void;
}

function useLabels() {
  const { t } = useTranslation(['servers', 'common', 'validation', 'order']);
  return { t, cancelLabel: t('common:actions.cancel'), closeLabel: t('common:actions.close') };
}

function RestoreDialog({ vm, backup, onClose }: OneProps) {
  const { t, ...labels } = useLabels();
  const formatDate = useDateFormat();
  const restore = useRestoreBackup();
  const close = () => {
    restore.reset();
    onClose();
  };
  const date = backup ? formatDate(backup.created_at) : '';
  const confirm = () =>
    backup &&
    restore.mutate(
      { p_provisioned_id: vm.provisioned_id, p_volid: backup.volid },
      {
        onSuccess: () => {
          notifySuccess(t('backups.restore.sent', { name: vm.name, date }));
          close();
        },
      },
    );
  return (
    <ConfirmDialog
      opened={backup !== null}
      title={t('backups.restore.title')}
      confirmLabel={t('backups.restore.confirm')}
      {...labels}
      onConfirm={confirm}
      onClose={close}
      loading={restore.isPending}
      error={<ErrorAlert error={restore.error} />}
    >
      <Alert color="red" variant="light">
        {t('backups.restore.body', { name: vm.name, date })}
      </Alert>
    </ConfirmDialog>
  );
}

function CloneDialog({ vm, backup, onClose }: OneProps) {
  const { t, ...labels } = useLabels();
  const formatDate = useDateFormat();
  const follow = useFollowCloneOrder();
  const clone = useRestoreBackupToClone();
  const [name, setName] = useState(cloneNameOf(vm.name));
  const [method, setMethod] = useState<ClonePaymentMethod>('card');
  // One order key per opening: a repeated click or a retry after a lost answer orders once.
  const [orderKey, setOrderKey] = useState(newOrderKey);
  const [touched, setTouched] = useState(false);
  const problem = validateVmName(name.trim());
  const close = () => {
    clone.reset();
    setTouched(false);
    setName(cloneNameOf(vm.name));
    setOrderKey(newOrderKey());
    onClose();
  };
  const confirm = () => {
    setTouched(true);
    if (!backup || problem) return;
    clone.mutate(
      {
        p_provisioned_id: vm.provisioned_id,
        p_volid: backup.volid,
        p_name: name.trim(),
        p_payment_method: method,
        p_idempotency_key: orderKey,
      },
      {
        onSuccess: (answer) => {
          notifySuccess(t('backups.clone.sent', { name: name.trim() }));
          close();
          follow(answer, method);
        },
      },
    );
  };
  return (
    <ConfirmDialog
      opened={backup !== null}
      title={t('backups.clone.title')}
      confirmLabel={t('backups.clone.confirm')}
      {...labels}
      danger={false}
      onConfirm={confirm}
      onClose={close}
      loading={clone.isPending}
      error={<ErrorAlert error={clone.error} />}
    >
      <Stack gap="sm">
        <Text size="sm">{t('backups.clone.body', { date: backup ? formatDate(backup.created_at) : '' })}</Text>
        <TextInput
          label={t('backups.clone.name_label')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem ? t(`validation:${problem}`) : undefined}
          required
        />
        <PaymentMethodChoice value={method} onChange={setMethod} />
        <Text size="sm" c="dimmed">
          {t('backups.clone.billing')}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}

function DeleteDialog({ vm, backup, onClose }: OneProps) {
  const { t, ...labels } = useLabels();
  const formatDate = useDateFormat();
  const del = useDeleteBackup();
  const close = () => {
    del.reset();
    onClose();
  };
  const date = backup ? formatDate(backup.created_at) : '';
  const confirm = () =>
    backup &&
    del.mutate(
      { p_provisioned_id: vm.provisioned_id, p_volid: backup.volid },
      {
        onSuccess: () => {
          notifySuccess(t('backups.delete.sent', { date }));
          close();
        },
      },
    );
  return (
    <ConfirmDialog
      opened={backup !== null}
      title={t('backups.delete.title')}
      confirmLabel={t('backups.delete.confirm')}
      {...labels}
      canConfirm={!backup?.protected}
      onConfirm={confirm}
      onClose={close}
      loading={del.isPending}
      error={<ErrorAlert error={del.error} />}
    >
      {backup?.protected ? (
        <Alert color="yellow" variant="light">
          {t('backups.delete.protected', { date })}
        </Alert>
      ) : (
        <Text size="sm">{t('backups.delete.body', { date })}</Text>
      )}
    </ConfirmDialog>
  );
}
