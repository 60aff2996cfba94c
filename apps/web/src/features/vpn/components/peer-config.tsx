/**
 * A peer's side of the tunnel as a wg-quick configuration (contract rules/vpn.ts vpnPeerConfig):
 * the text with a copy button, a download as `<server>-<peer>.conf`, and — when the private key
 * was made in this browser, so the configuration is complete — a QR code for the WireGuard app.
 * The private key is in it only right after the key pair was made here (it never leaves this
 * browser); otherwise the contract's placeholder stands and the text says what to paste there.
 */
import { Text } from '@mantine/core';
import { vpnConfigFileName, vpnPeerConfig } from '@portside/contract/rules/vpn';
import type { VpnPeer } from '@portside/contract/schemas/vpn';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { WgConfigView } from '../../../shared/ui/wg-config-view';

export interface PeerConfigProps {
  server: { name: string; public_key: string | null; endpoint: string | null };
  peer: Pick<VpnPeer, 'id' | 'name' | 'address_v4' | 'address_v6'>;
  /** The private key made in this browser for the peer, or null. */
  privateKey: string | null;
}

export function PeerConfig({ server, peer, privateKey }: PeerConfigProps) {
  const { t } = useTranslation('vpn');
  if (!server.public_key || !server.endpoint)
    return (
      <Text size="sm" c="dimmed" role="status">
        {server.endpoint ? t('config.no_key') : t('config.no_address')}
      </Text>
    );
  const file = vpnConfigFileName(server.name, peer.name);
  return (
    <WgConfigView
      config={vpnPeerConfig({ name: server.name, public_key: server.public_key, endpoint: server.endpoint }, peer, privateKey)}
      file={file}
      labelId={`vpn-peer-config-${peer.id}`}
      hasPrivateKey={Boolean(privateKey)}
      qrNeedsKey
      keyIcon={<Icon name="key" size={16} />}
      texts={{
        title: t('config.title', { peer: peer.name }),
        hasPrivateKey: t('config.has_private_key'),
        placeholderNote: t('config.placeholder_note'),
        copy: t('config.copy'),
        copied: t('config.copied'),
        download: t('config.download', { file }),
        showQr: t('config.show_qr'),
        hideQr: t('config.hide_qr'),
        qrLoading: t('config.qr_loading'),
        qrLabel: t('config.qr_label', { peer: peer.name, server: server.name }),
      }}
    />
  );
}
