/**
 * The customer's side of the IPMI tunnel as a wg-quick configuration: the text (with a copy
 * button), a download as `<hostname>-ipmi.conf` and, on request, a QR code for the WireGuard app.
 * The private key is in it only when this browser made the key pair whose public key is saved;
 * otherwise the contract's placeholder stands and the page says what to paste there.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { wgQuickConfig, type WireGuardTunnel } from '@portside/contract/rules/wireguard';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { configFileName, downloadText } from '../lib/download';

const QrCode = lazy(() => import('./qr-code'));

export interface WgConfigProps {
  tunnel: WireGuardTunnel;
  hostname: string;
  /** The private key made in this browser for the saved public key, or null. */
  privateKey: string | null;
}

export function WgConfig({ tunnel, hostname, privateKey }: WgConfigProps) {
  const { t } = useTranslation('dedicated');
  const [showQr, setShowQr] = useState(false);
  const config = wgQuickConfig(tunnel, privateKey, t('wg.config_name', { hostname }));
  const file = configFileName(hostname);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" id="dedicated-wg-config-label">
        {t('wg.config_title')}
      </Text>
      {privateKey ? (
        <Alert color="blue" variant="light">
          {t('wg.has_private_key')}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('wg.placeholder_note')}
        </Text>
      )}
      <Code block aria-labelledby="dedicated-wg-config-label" style={{ overflowX: 'auto', whiteSpace: 'pre' }} tabIndex={0}>
        {config}
      </Code>
      <Group gap="xs" wrap="wrap">
        <CopyButton value={config}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy} leftSection={<Icon name={copied ? 'check' : 'copy'} size={14} />}>
              {copied ? t('wg.copied') : t('wg.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          size="xs"
          leftSection={<Icon name="download" size={14} />}
          onClick={() => downloadText(file, config)}
        >
          {t('wg.download', { file })}
        </Button>
        <Button variant="subtle" size="xs" onClick={() => setShowQr((v) => !v)} aria-expanded={showQr}>
          {showQr ? t('wg.hide_qr') : t('wg.show_qr')}
        </Button>
      </Group>
      {showQr && (
        <Suspense fallback={<Skeleton h={232} w={232} radius="sm" role="progressbar" aria-label={t('wg.qr_loading')} />}>
          <QrCode text={config} label={t('wg.qr_label', { hostname })} />
        </Suspense>
      )}
    </Stack>
  );
}
