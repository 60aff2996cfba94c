/**
 * A WireGuard wg-quick configuration as the customer takes it away: the text (focusable, scrolls
 * sideways), a note on the private key, a copy button, a download and, on request, a QR code for
 * the WireGuard app (its encoder loaded only then). Used by the dedicated servers' IPMI tunnel and
 * the VPN servers' peers; each passes its texts in its own namespace.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Icon } from './icons';
import { downloadText } from './download-text';

const QrCode = lazy(() => import('./qr-code'));

export interface WgConfigTexts {
  title: string;
  /** Shown when the private key is in the text, else `placeholderNote`. */
  hasPrivateKey: string;
  placeholderNote: string;
  copy: string;
  copied: string;
  download: string;
  showQr: string;
  hideQr: string;
  qrLoading: string;
  qrLabel: string;
}

export interface WgConfigViewProps {
  config: string;
  /** The download's file name. */
  file: string;
  /** The id the title gets (the text is labelled by it). */
  labelId: string;
  /** Whether the text holds the private key made in this browser. */
  hasPrivateKey: boolean;
  /** Offer the QR code only when the text is complete (holds the private key). */
  qrNeedsKey?: boolean;
  keyIcon?: ReactNode;
  texts: WgConfigTexts;
}

export function WgConfigView({ config, file, labelId, hasPrivateKey, qrNeedsKey = false, keyIcon, texts }: WgConfigViewProps) {
  const [showQr, setShowQr] = useState(false);
  const qrOffered = hasPrivateKey || !qrNeedsKey;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" id={labelId}>
        {texts.title}
      </Text>
      {hasPrivateKey ? (
        <Alert color="blue" variant="light" icon={keyIcon}>
          {texts.hasPrivateKey}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {texts.placeholderNote}
        </Text>
      )}
      <Code block aria-labelledby={labelId} tabIndex={0} style={{ overflowX: 'auto', whiteSpace: 'pre', maxWidth: '100%' }}>
        {config}
      </Code>
      <Group gap="xs" wrap="wrap">
        <CopyButton value={config}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy} leftSection={<Icon name={copied ? 'check' : 'copy'} size={14} />}>
              {copied ? texts.copied : texts.copy}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          size="xs"
          leftSection={<Icon name="download" size={14} />}
          onClick={() => downloadText(file, config)}
        >
          {texts.download}
        </Button>
        {qrOffered && (
          <Button variant="subtle" size="xs" onClick={() => setShowQr((v) => !v)} aria-expanded={showQr}>
            {showQr ? texts.hideQr : texts.showQr}
          </Button>
        )}
      </Group>
      {qrOffered && showQr && (
        <Suspense fallback={<Skeleton h={232} w={232} radius="sm" role="progressbar" aria-label={texts.qrLoading} />}>
          <QrCode text={config} label={texts.qrLabel} />
        </Suspense>
      )}
    </Stack>
  );
}
