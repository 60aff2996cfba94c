/**
 * The password and a current second factor that renewing recovery codes, turning the app off and
 * removing a passkey ask for, so a browser left signed in alone cannot change the second factor:
 * a typed code (from the app, or a recovery code), or a passkey's signature in the browser's dialog.
 */
import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import type { ProofChoice } from '../api/passkey-proof';

interface ProofFormProps {
  id: string;
  title: string;
  intro: string;
  /** The code field's label (a code from the app or a recovery code, or a recovery code only); none: no code to type. */
  codeLabel?: string;
  /** Offer a passkey's signature instead of a code. */
  passkey: boolean;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (choice: ProofChoice) => void;
  onCancel: () => void;
}

export function ProofForm({
  id,
  title,
  intro,
  codeLabel,
  passkey,
  submitLabel,
  danger = false,
  pending,
  error,
  onSubmit,
  onCancel,
}: ProofFormProps) {
  const { t } = useTranslation(['twofactor', 'validation']);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [viaPasskey, setViaPasskey] = useState(false);
  const [missing, setMissing] = useState<{ password?: string; code?: string }>({});
  const typed = codeLabel !== undefined;
  // Empty fields are named at once (the server refuses them too), before any passkey dialog opens.
  const submit = (withPasskey: boolean) => {
    const next = {
      password: password === '' ? t('validation:password_empty') : undefined,
      code: !withPasskey && code.trim() === '' ? t('validation:code_empty') : undefined,
    };
    setMissing(next);
    if (next.password || next.code) return;
    setViaPasskey(withPasskey);
    onSubmit(withPasskey ? { p_password: password, passkey: true } : { p_password: password, p_code: code });
  };
  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(!typed);
      }}
    >
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h5" id={`${id}-title`}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </div>
        <PasswordInput
          label={t('proof.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="current-password"
          w={{ base: '100%', xs: 320 }}
          error={missing.password}
          required
        />
        {typed ? (
          <TextInput
            label={codeLabel}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="one-time-code"
            w={{ base: '100%', xs: 320 }}
            error={missing.code}
            required
          />
        ) : (
          <Text size="sm">{t('proof.passkey_only')}</Text>
        )}
        <ErrorAlert error={error} />
        <Group gap="sm">
          <Button type="submit" color={danger ? 'red' : undefined} loading={pending && viaPasskey === !typed}>
            {submitLabel}
          </Button>
          {typed && passkey ? (
            <Button variant="default" loading={pending && viaPasskey} onClick={() => submit(true)}>
              {t('proof.use_passkey')}
            </Button>
          ) : null}
          <Button variant="default" onClick={onCancel}>
            {t('proof.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
