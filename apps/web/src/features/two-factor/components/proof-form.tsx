/**
 * The password and a current code (TOTP or recovery) that renewing recovery codes and turning
 * 2FA off ask for, so a browser left signed in alone cannot change the second factor.
 */
import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TwoFactorProofInput } from '@portside/contract/schemas/two-factor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';

interface ProofFormProps {
  id: string;
  title: string;
  intro: string;
  /** The code field's label: a code from the app or a recovery code, or a recovery code only. */
  codeLabel: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (body: TwoFactorProofInput) => void;
  onCancel: () => void;
}

export function ProofForm({
  id,
  title,
  intro,
  codeLabel,
  submitLabel,
  danger = false,
  pending,
  error,
  onSubmit,
  onCancel,
}: ProofFormProps) {
  const { t } = useTranslation('twofactor');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ p_password: password, p_code: code });
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
          required
        />
        <TextInput
          label={codeLabel}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="one-time-code"
          w={{ base: '100%', xs: 320 }}
          required
        />
        <ErrorAlert error={error} />
        <Group gap="sm">
          <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('proof.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
