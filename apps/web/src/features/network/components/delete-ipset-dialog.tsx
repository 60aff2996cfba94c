/**
 * Confirms deleting an IP set. It is detached from its servers with it; while a firewall rule names
 * it the server refuses (IPSET_IN_USE), and the dialog says which servers' Firewall tabs to visit.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { IpsetRow, IpsetVmRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorHtml } from '../../../shared/api/client';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useDeleteIpset } from '../api/delete-ipset';
import { FirewallLinks, isIpsetInUse } from './firewall-links';

export interface DeleteIpsetDialogProps {
  /** The set to delete; the dialog is open while it is set. */
  ipset: Pick<IpsetRow, 'ipset' | 'name' | 'ip_count' | 'server_count'> | null;
  /** The servers it is attached to. */
  servers: readonly IpsetVmRow[];
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteIpsetDialog({ ipset, servers, onClose, onDeleted }: DeleteIpsetDialogProps) {
  const { t } = useTranslation(['network', 'errors', 'validation', 'common']);
  const del = useDeleteIpset();
  const close = () => {
    del.reset();
    onClose();
  };
  const confirm = () => {
    if (!ipset) return;
    del.mutate(ipset.ipset, {
      onSuccess: () => {
        notifySuccess(t('network:delete.deleted', { name: ipset.name }));
        close();
        onDeleted?.();
      },
    });
  };
  const attached = servers.filter((s) => s.ipset === ipset?.ipset);

  return (
    <ConfirmDialog
      opened={ipset !== null}
      title={t('network:delete.title', { name: ipset?.name ?? '' })}
      confirmLabel={t('network:delete.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={close}
      loading={del.isPending}
      canConfirm={!isIpsetInUse(del.error)}
      error={
        del.error ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs">
              <SafeHtml html={errorHtml(del.error, t)} />
              {isIpsetInUse(del.error) && ipset && <FirewallLinks name={ipset.name} servers={attached} />}
            </Stack>
          </Alert>
        ) : null
      }
    >
      <Text size="sm">{t('network:delete.body', { count: ipset?.ip_count ?? 0 })}</Text>
      {(ipset?.server_count ?? 0) > 0 && (
        <Text size="sm">{t('network:delete.detached', { count: ipset?.server_count ?? 0 })}</Text>
      )}
    </ConfirmDialog>
  );
}
