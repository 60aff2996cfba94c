/**
 * A peer's side of the tunnel as a wg-quick configuration (contract rules/vpn.ts vpnPeerConfig):
 * the text with a copy button, a download as `<server>-<peer>.conf`, and — when the private key
 * was made in this browser, so the configuration is complete — a QR code for the WireGuard app.
 * The private key is in it only right after the key pair was made here (it never leaves this
 * browser); otherwise the contract's placeholder stands and the text says what to paste there.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { vpnConfigFileName, vpnPeerConfig } from '@portside/contract/rules/vpn';
import type { VpnPeer } from '@portside/contract/schemas/vpn';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { downloadText } from '../../../shared/ui/download-text';
import { Icon } from '../../../shared/ui/icons';

const QrCode = lazy(() => import('../../../shared/ui/qr-code'));

export interface PeerConfigProps {
  server: { name: string; public_key: string | null; endpoint: string | null };
  peer: Pick<VpnPeer, 'id' | 'name' | 'address_v4' | 'address_v6'>;
  /** The private key made in this browser for the peer, or null. */
  privateKey: string | null;
}

export function PeerConfig({ server, peer, privateKey }: PeerConfigProps) {
  const { t } = useTranslation('vpn');
  const [showQr, setShowQr] = useState(false);
  if (!server.public_key || !server.endpoint)
    return (
      <Text size="sm" c="dimmed" role="status">
        {server.endpoint ? t('config.no_key') : t('config.no_address')}
      </Text>
    );
  const config = vpnPeerConfig({ name: server.name, public_key: server.public_key, endpoint: server.endpoint }, peer, privateKey);
  const file = vpnConfigFileName(server.name, peer.name);
  const labelId = `vpn-peer-config-${peer.id}`;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" id={labelId}>
        {t('config.title', { peer: peer.name })}
      </Text>
      {privateKey ? (
        <Alert color="blue" variant="light" icon={<Icon name="key" size={16} />}>
          {t('config.has_private_key')}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('config.placeholder_note')}
        </Text>
      )}
      <Code block aria-labelledby={labelId} tabIndex={0} style={{ overflowX: 'auto', whiteSpace: 'pre', maxWidth: '100%' }}>
        {config}
      </Code>
      <Group gap="xs" wrap="wrap">
        <CopyButton value={config}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy} leftSection={<Icon name={copied ? 'check' : 'copy'} size={14} />}>
              {copied ? t('config.copied') : t('config.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          size="xs"
          leftSection={<Icon name="download" size={14} />}
          onClick={() => downloadText(file, config)}
        >
          {t('config.download', { file })}
        </Button>
        {privateKey && (
          <Button variant="subtle" size="xs" onClick={() => setShowQr((v) => !v)} aria-expanded={showQr}>
            {showQr ? t('config.hide_qr') : t('config.show_qr')}
          </Button>
        )}
      </Group>
      {privateKey && showQr && (
        <Suspense fallback={<Skeleton h={232} w={232} radius="sm" role="progressbar" aria-label={t('config.qr_loading')} />}>
          <QrCode text={config} label={t('config.qr_label', { peer: peer.name, server: server.name })} />
        </Suspense>
      )}
    </Stack>
  );
}
