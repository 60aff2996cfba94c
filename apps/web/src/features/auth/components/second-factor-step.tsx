/**
 * The second step of a login (issue 19), loaded only when a login answers a ticket: the 6-digit
 * code of the authenticator app (one-time-code autocomplete, numeric keyboard) or, by a link, a
 * recovery code. Errors stay on the card; "back to login" starts over with the password.
 */
import { useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { isTotpCode, normalizeRecoveryCode } from '@portside/contract/rules/two-factor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useLoginWithPasskey } from '../api/login-passkey-verify';
import { useLoginSecondFactor } from '../api/login-second-factor';
import { ApiErrorAlert, statusOf } from './api-error-alert';
import { AuthLayout } from './auth-layout';

interface SecondFactorStepProps {
  ticket: string;
  /** The second factors the user has ('webauthn' offers the passkey button). */
  methods: readonly string[];
  onDone: () => void;
  onBack: () => void;
}

export default function SecondFactorStep({ ticket, methods, onDone, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation(['twofactor', 'auth', 'validation']);
  const mutation = useLoginSecondFactor();
  const passkey = useLoginWithPasskey();
  const hasTotp = methods.includes('totp');
  const hasRecovery = methods.includes('recovery');
  const [recovery, setRecovery] = useState(false);
  // Without an authenticator app the code form holds recovery codes only, opened from a link.
  const showForm = hasTotp || recovery;

  const signInWithPasskey = async () => {
    if (passkey.isPending) return;
    mutation.reset();
    try {
      await passkey.mutateAsync(ticket);
    } catch {
      return; // shown from passkey.error
    }
    onDone();
  };
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    const valid = recovery ? normalizeRecoveryCode(code) !== null : isTotpCode(code);
    setFormatError(valid ? null : t(recovery ? 'validation:two_factor_code_format' : 'validation:code_invalid_format'));
    if (!valid) return;
    mutation.reset();
    try {
      await mutation.mutateAsync({ p_ticket: ticket, p_code: code });
    } catch {
      return; // shown from mutation.error
    }
    onDone();
  };

  const switchMethod = () => {
    setRecovery((r) => !r);
    setCode('');
    setFormatError(null);
    mutation.reset();
  };

  return (
    <AuthLayout
      title={t('twofactor:login.title')}
      subtitle={t(
        recovery
          ? 'twofactor:login.subtitle_recovery'
          : hasTotp
            ? 'twofactor:login.subtitle_totp'
            : 'twofactor:login.subtitle_passkey',
      )}
    >
      {methods.includes('webauthn') ? (
        <Stack gap="sm" mb={showForm ? 'md' : 'sm'}>
          <ApiErrorAlert error={passkey.error} />
          <Button
            fullWidth
            variant={showForm ? 'default' : 'filled'}
            loading={passkey.isPending}
            onClick={() => void signInWithPasskey()}
          >
            {t('twofactor:login.use_passkey')}
          </Button>
        </Stack>
      ) : null}
      {showForm ? (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <ApiErrorAlert
              error={mutation.error}
              override={(e) => (statusOf(e) === 429 ? t('auth:errors.rate_limited') : null)}
            />
            <TextInput
              key={recovery ? 'recovery' : 'totp'}
              label={t(recovery ? 'twofactor:login.recovery_label' : 'twofactor:login.code_label')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={recovery ? 14 : 7}
              error={formatError}
              aria-required
              autoFocus
            />
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('twofactor:login.submit')}
            </Button>
            <Stack gap={4} align="center">
              {hasTotp && hasRecovery ? (
                <Anchor component="button" type="button" size="sm" onClick={switchMethod}>
                  {t(recovery ? 'twofactor:login.use_totp' : 'twofactor:login.use_recovery')}
                </Anchor>
              ) : null}
              <Anchor component="button" type="button" size="sm" onClick={onBack}>
                {t('twofactor:login.back')}
              </Anchor>
            </Stack>
          </Stack>
        </form>
      ) : (
        <Stack gap={4} align="center">
          {hasRecovery ? (
            <Anchor component="button" type="button" size="sm" onClick={switchMethod}>
              {t('twofactor:login.use_recovery')}
            </Anchor>
          ) : null}
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('twofactor:login.back')}
          </Anchor>
        </Stack>
      )}
    </AuthLayout>
  );
}
