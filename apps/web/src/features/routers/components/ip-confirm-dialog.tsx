/**
 * The destructive actions of an address on /routers-ips, each after a confirmation: releasing its
 * DHCP reservation (the device gets another address at its next lease) and taking it back from the
 * account staff gave it to. Cancel has the focus; the server's refusal shows in the dialog.
 */
import { Text } from '@mantine/core';
import type { RouterIpRow } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useClearIpClient } from '../api/clear-ip-client';
import { useReleaseMac } from '../api/release-mac';

export interface IpConfirmDialogProps {
  row: RouterIpRow;
  mode: 'release' | 'unclient';
  onClose: () => void;
}

export function IpConfirmDialog({ row, mode, onClose }: IpConfirmDialogProps) {
  const { t } = useTranslation(['routers', 'common']);
  const release = useReleaseMac();
  const unclient = useClearIpClient();
  const call = mode === 'release' ? release : unclient;
  const confirm = () => {
    if (call.isPending) return;
    const done = () => {
      notifySuccess(t(`ips.done_${mode}`, { address: row.address, mac: row.mac ?? '' }));
      onClose();
    };
    if (mode === 'release') release.mutate({ p_subnet: row.subnet, p_mac: row.mac ?? '' }, { onSuccess: done });
    else unclient.mutate({ p_ip: row.address }, { onSuccess: done });
  };
  return (
    <ConfirmDialog
      opened
      title={t(`ips.title_${mode}`, { address: row.address })}
      confirmLabel={t(`ips.submit_${mode}`)}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={onClose}
      loading={call.isPending}
      error={call.error ? <ErrorAlert error={call.error} /> : null}
    >
      <Text size="sm">
        {t(`ips.confirm_${mode}`, { address: row.address, mac: row.mac ?? '', account: row.client_name ?? '' })}
      </Text>
    </ConfirmDialog>
  );
}
