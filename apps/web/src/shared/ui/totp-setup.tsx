/**
 * Setting up an authenticator app (issue 19): the otpauth:// URI as a QR code (its encoder loaded
 * lazily), the key as text for typing by hand, and the field for the app's first code. Used by
 * the settings section and by the enrolment an account requires at login (texts of `twofactor:setup`).
 */
import { lazy, Suspense } from 'react';
import { Code, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

const QrCode = lazy(() => import('./qr-code'));

export interface TotpSetupProps {
  secret: string;
  uri: string;
  code: string;
  onCodeChange: (code: string) => void;
  error?: string;
}

/** Groups of four, as apps print keys, so the key is read back without losing the place. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TotpSetup({ secret, uri, code, onCodeChange, error }: TotpSetupProps) {
  const { t } = useTranslation('twofactor');
  const texts = {
    scan: t('setup.scan'),
    qrLabel: t('setup.qr_label'),
    secretLabel: t('setup.secret_label'),
    codeLabel: t('setup.code_label'),
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{texts.scan}</Text>
      <Suspense fallback={<Skeleton w={200} h={200} radius="sm" />}>
        <QrCode text={uri} label={texts.qrLabel} size={200} />
      </Suspense>
      <div>
        <Text size="sm" fw={600} id="totp-secret-label">
          {texts.secretLabel}
        </Text>
        <Code aria-labelledby="totp-secret-label" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {grouped(secret)}
        </Code>
      </div>
      <TextInput
        label={texts.codeLabel}
        value={code}
        onChange={(e) => onCodeChange(e.currentTarget.value)}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        w={{ base: '100%', xs: 220 }}
        error={error}
        required
      />
    </Stack>
  );
}
