/**
 * The dialogs of one peer: its configuration again (with the private-key placeholder: the key
 * was made on the device, or in a browser that has forgotten it) and its removal, asked first —
 * the device loses the tunnel once the server has taken the change.
 */
import { Modal, Text } from '@mantine/core';
import { LAYOUT } from '@portside/contract/constants';
import type { VpnPeer, VpnServer } from '@portside/contract/schemas/vpn';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDeleteVpnPeer } from '../api/delete-vpn-peer';
import { PeerConfig } from './peer-config';

export function PeerConfigDialog({ server, peer, onClose }: { server: VpnServer; peer: VpnPeer | null; onClose: () => void }) {
  const { t } = useTranslation(['vpn', 'common']);
  return (
    <Modal
      opened={peer !== null}
      onClose={onClose}
      title={peer ? t('vpn:config.dialog_title', { peer: peer.name }) : ''}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {peer && <PeerConfig server={server} peer={peer} privateKey={null} />}
    </Modal>
  );
}

export function RemovePeerDialog({ server, peer, onClose }: { server: VpnServer; peer: VpnPeer | null; onClose: () => void }) {
  const { t } = useTranslation(['vpn', 'common']);
  const remove = useDeleteVpnPeer();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={peer !== null}
      title={t('vpn:remove.title', { peer: peer?.name ?? '' })}
      confirmLabel={t('vpn:remove.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      loading={remove.isPending}
      error={remove.error ? <ErrorAlert error={remove.error} /> : null}
      onClose={close}
      onConfirm={() =>
        peer &&
        remove.mutate(
          { p_provisioned_id: server.provisioned_id, p_peer: peer.id },
          {
            onSuccess: () => {
              notifySuccess(t('vpn:remove.removed', { peer: peer.name }));
              close();
            },
          },
        )
      }
    >
      <Text>{t('vpn:remove.body', { peer: peer?.name ?? '', server: server.name })}</Text>
    </ConfirmDialog>
  );
}
