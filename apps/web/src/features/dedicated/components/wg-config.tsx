/**
 * The customer's side of the IPMI tunnel as a wg-quick configuration: the text (with a copy
 * button), a download as `<hostname>-ipmi.conf` and, on request, a QR code for the WireGuard app.
 * The private key is in it only when this browser made the key pair whose public key is saved;
 * otherwise the contract's placeholder stands and the page says what to paste there.
 */
import type { WireGuardTunnel } from '@portside/contract/rules/wireguard';
import { wgQuickConfig } from '@portside/contract/rules/wireguard';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { WgConfigView } from '../../../shared/ui/wg-config-view';
import { configFileName } from '../lib/download';

export interface WgConfigProps {
  tunnel: WireGuardTunnel;
  hostname: string;
  /** The private key made in this browser for the saved public key, or null. */
  privateKey: string | null;
}

export function WgConfig({ tunnel, hostname, privateKey }: WgConfigProps) {
  const { t } = useTranslation('dedicated');
  const file = configFileName(hostname);
  return (
    <WgConfigView
      config={wgQuickConfig(tunnel, privateKey, t('wg.config_name', { hostname }))}
      file={file}
      labelId="dedicated-wg-config-label"
      hasPrivateKey={Boolean(privateKey)}
      texts={{
        title: t('wg.config_title'),
        hasPrivateKey: t('wg.has_private_key'),
        placeholderNote: t('wg.placeholder_note'),
        copy: t('wg.copy'),
        copied: t('wg.copied'),
        download: t('wg.download', { file }),
        showQr: t('wg.show_qr'),
        hideQr: t('wg.hide_qr'),
        qrLoading: t('wg.qr_loading'),
        qrLabel: t('wg.qr_label', { hostname }),
      }}
    />
  );
}
