/**
 * Confirms detaching an IP set from one server. While a firewall rule of that server names the set
 * the server refuses (IPSET_IN_USE); the dialog then links the server's Firewall tab.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { IpsetVmRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorHtml } from '../../../shared/api/client';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useDetachIpset } from '../api/detach-ipset';
import { FirewallLinks, isIpsetInUse } from './firewall-links';

export interface DetachServerDialogProps {
  ipset: number;
  name: string;
  /** The attachment to end; open while set. */
  server: IpsetVmRow | null;
  onClose: () => void;
}

export function DetachServerDialog({ ipset, name, server, onClose }: DetachServerDialogProps) {
  const { t } = useTranslation(['network', 'errors', 'validation', 'common']);
  const detach = useDetachIpset(ipset);
  const close = () => {
    detach.reset();
    onClose();
  };
  const confirm = () => {
    if (!server) return;
    detach.mutate([server.provisioned_id], {
      onSuccess: () => {
        notifySuccess(t('network:detach.detached', { name, server: server.server_name }));
        close();
      },
    });
  };
  const inUse = isIpsetInUse(detach.error);

  return (
    <ConfirmDialog
      opened={server !== null}
      title={t('network:detach.title', { name, server: server?.server_name ?? '' })}
      confirmLabel={t('network:detach.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={close}
      loading={detach.isPending}
      canConfirm={!inUse}
      error={
        detach.error ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs">
              <SafeHtml html={errorHtml(detach.error, t)} />
              {inUse && server && <FirewallLinks name={name} servers={[server]} />}
            </Stack>
          </Alert>
        ) : null
      }
    >
      <Text size="sm">{t('network:detach.body', { name, server: server?.server_name ?? '' })}</Text>
    </ConfirmDialog>
  );
}
