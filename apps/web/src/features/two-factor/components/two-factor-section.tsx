/**
 * The settings card of two-factor sign-in (issue 19): whether it is on, setting up an
 * authenticator app (QR code, key, first code), the recovery codes shown once, renewing them and
 * turning the app off (password and a current second factor: a code from the app, an unused
 * recovery code or a passkey's signature), and the owner's rule for every user.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { QueryState } from '../../../shared/ui/query-state';
import { RecoveryCodesView } from '../../../shared/ui/recovery-codes-view';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useMyTwoFactor } from '../api/get-my-two-factor';
import { useMyPasskeys } from '../api/get-my-passkeys';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useRequireTwoFactor } from '../api/require-two-factor';
import { useTotpStart } from '../api/totp-start';
import { browserHasPasskeys } from '../../../shared/passkeys/browser-has-passkeys';
import { PasskeysPanel, type ProofOffer } from './passkeys-panel';
import { ProofForm } from './proof-form';
import { TotpSetupForm } from './totp-setup-form';

type Mode =
  | { kind: 'idle'; notice?: 'enabled' | 'disabled' | 'app_disabled' }
  | { kind: 'setup'; setup: TotpSetupAnswer }
  | { kind: 'codes'; codes: string[]; enabled: boolean }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

export function TwoFactorSection() {
  const { t } = useTranslation('twofactor');
  const me = useMyTwoFactor();
  const passkeyCount = useMyPasskeys().data?.length ?? 0;
  const start = useTotpStart();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const requireAll = useRequireTwoFactor();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const state = me.data;
  // A change is proven with a code from the app or a recovery code (typed), or a passkey's signature.
  const proof: ProofOffer = {
    codeLabel: state?.totp_enabled
      ? t('proof.code')
      : (state?.recovery_codes_left ?? 0) > 0
        ? t('proof.recovery_code')
        : undefined,
    passkey: passkeyCount > 0 && browserHasPasskeys(),
  };
  const codesTexts = {
    title: t('codes.title'),
    intro: t('codes.intro'),
    listLabel: t('codes.list_label'),
    copy: t('codes.copy'),
    copied: t('codes.copied'),
    download: t('codes.download'),
    done: t('codes.done'),
  };

  const body = () => {
    if (!state) return null;
    switch (mode.kind) {
      case 'setup':
        return (
          <TotpSetupForm
            setup={mode.setup}
            onDone={(codes) => setMode({ kind: 'codes', codes, enabled: true })}
            onCancel={() => setMode({ kind: 'idle' })}
          />
        );
      case 'codes':
        return (
          <RecoveryCodesView
            codes={mode.codes}
            texts={codesTexts}
            onDone={() => setMode({ kind: 'idle', notice: mode.enabled ? 'enabled' : undefined })}
          />
        );
      case 'regenerate':
        return (
          <ProofForm
            id="two-factor-regenerate"
            title={t('proof.regenerate_title')}
            intro={t('proof.regenerate_intro')}
            codeLabel={proof.codeLabel}
            passkey={proof.passkey}
            submitLabel={t('proof.regenerate_submit')}
            pending={regenerate.isPending}
            error={regenerate.error}
            onSubmit={(b) =>
              regenerate.mutate(b, { onSuccess: (a) => setMode({ kind: 'codes', codes: a.recovery_codes, enabled: false }) })
            }
            onCancel={() => setMode({ kind: 'idle' })}
          />
        );
      case 'disable':
        return (
          <ProofForm
            id="two-factor-disable"
            title={passkeyCount > 0 ? t('proof.disable_app_title') : t('proof.disable_title')}
            intro={passkeyCount > 0 ? t('proof.disable_app_intro') : t('proof.disable_intro')}
            codeLabel={proof.codeLabel}
            passkey={proof.passkey}
            submitLabel={t('proof.disable_submit')}
            danger
            pending={disable.isPending}
            error={disable.error}
            onSubmit={(b) =>
              disable.mutate(b, {
                onSuccess: () => setMode({ kind: 'idle', notice: passkeyCount > 0 ? 'app_disabled' : 'disabled' }),
              })
            }
            onCancel={() => setMode({ kind: 'idle' })}
          />
        );
      default:
        return (
          <Stack gap="sm">
            {mode.notice ? (
              <Alert color="green" variant="light" role="status">
                {mode.notice === 'enabled'
                  ? t('section.enabled_notice')
                  : mode.notice === 'app_disabled'
                    ? t('proof.app_disabled_notice')
                    : t('proof.disabled_notice')}
              </Alert>
            ) : null}
            <Text size="sm" fw={600}>
              {state.totp_enabled
                ? t('section.status_on')
                : passkeyCount > 0
                  ? t('section.status_passkeys')
                  : t('section.status_off')}
            </Text>
            {state.totp_enabled || passkeyCount > 0 ? (
              <Text size="sm">{t('section.codes_left', { count: state.recovery_codes_left })}</Text>
            ) : null}
            {state.required_by_account ? <Text size="sm">{t('section.required_by_account')}</Text> : null}
            <Group gap="sm">
              {state.totp_enabled || passkeyCount > 0 ? (
                <Button
                  variant="default"
                  onClick={() => {
                    regenerate.reset();
                    setMode({ kind: 'regenerate' });
                  }}
                >
                  {t('section.regenerate')}
                </Button>
              ) : null}
              {state.totp_enabled ? (
                // With the account's rule, the app may go only while a passkey remains.
                !state.required_by_account || passkeyCount > 0 ? (
                  <Button
                    variant="default"
                    color="red"
                    onClick={() => {
                      disable.reset();
                      setMode({ kind: 'disable' });
                    }}
                  >
                    {t('section.disable')}
                  </Button>
                ) : null
              ) : (
                <Button
                  loading={start.isPending}
                  onClick={() => start.mutate(undefined, { onSuccess: (setup) => setMode({ kind: 'setup', setup }) })}
                >
                  {t('section.enable')}
                </Button>
              )}
            </Group>
            <ErrorAlert error={start.error} />
          </Stack>
        );
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="two-factor-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="two-factor-title">
            {t('section.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('section.intro')}
          </Text>
        </div>
        <QueryState query={me} loadingLabel={t('section.loading')} skeleton={<Skeleton h={60} radius="sm" />}>
          {body()}
          <PasskeysPanel proof={proof} onRecoveryCodes={(codes) => setMode({ kind: 'codes', codes, enabled: false })} />
          {state?.is_owner ? (
            <Stack gap={4}>
              <Switch
                checked={state.required_by_account}
                disabled={requireAll.isPending}
                onChange={(e) => requireAll.mutate({ p_required: e.currentTarget.checked })}
                label={t('require.label')}
                description={t('require.description')}
              />
              <ErrorAlert error={requireAll.error} />
            </Stack>
          ) : null}
        </QueryState>
      </Stack>
    </Paper>
  );
}
