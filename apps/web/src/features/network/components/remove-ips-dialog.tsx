/** Confirms removing the selected IPs from a set. Firewall rules naming the set follow its new contents. */
import { List, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDeleteIpsetIps } from '../api/delete-ipset-ips';

/** Entries listed by name in the question; the rest are counted. */
const LISTED = 10;

export interface RemoveIpsDialogProps {
  ipset: number;
  /** The entries to remove, as GetIPsFromIpset answered them; open while not empty. */
  ips: readonly string[];
  onClose: () => void;
  onRemoved: () => void;
}

export function RemoveIpsDialog({ ipset, ips, onClose, onRemoved }: RemoveIpsDialogProps) {
  const { t } = useTranslation(['network', 'common']);
  const del = useDeleteIpsetIps(ipset);
  const close = () => {
    del.reset();
    onClose();
  };
  const confirm = () =>
    del.mutate([...ips], {
      onSuccess: (r) => {
        notifySuccess(t('network:remove_ips.removed', { count: r.removed, total: r.count }));
        close();
        onRemoved();
      },
    });

  return (
    <ConfirmDialog
      opened={ips.length > 0}
      title={t('network:remove_ips.title', { count: ips.length })}
      confirmLabel={t('network:remove_ips.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={close}
      loading={del.isPending}
      error={del.error ? <ErrorAlert error={del.error} /> : null}
    >
      <List size="sm" spacing={0} styles={{ itemLabel: { overflowWrap: 'anywhere' } }}>
        {ips.slice(0, LISTED).map((ip) => (
          <List.Item key={ip}>
            <Text span ff="monospace" size="sm">
              {ip}
            </Text>
          </List.Item>
        ))}
      </List>
      {ips.length > LISTED && <Text size="sm">{t('network:remove_ips.more', { count: ips.length - LISTED })}</Text>}
      <Text size="sm">{t('network:remove_ips.body')}</Text>
    </ConfirmDialog>
  );
}
