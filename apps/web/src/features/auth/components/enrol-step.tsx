/**
 * Enrolment at login (issue 19), loaded only when the account requires 2FA of a user who has none:
 * set up an authenticator app with the login's ticket and confirm it with its first code, or add a
 * passkey under a name (in a browser that has them); see the recovery codes once, then go on signed
 * in. A step of the login page rather than a page of its own, so the ticket never lands in the
 * address bar or the history.
 */
import { useState } from 'react';
import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import type { TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { RecoveryCodesView } from '../../../shared/ui/recovery-codes-view';
import { TotpSetup } from '../../../shared/ui/totp-setup';
import { browserHasPasskeys } from '../../../shared/passkeys/browser-has-passkeys';
import { useEnrolConfirm } from '../api/enrol-confirm';
import { useEnrolWithPasskey } from '../api/enrol-passkey';
import { useEnrolStart } from '../api/enrol-start';
import { finishLogin } from '../api/login';
import { ApiErrorAlert } from './api-error-alert';
import { AuthLayout } from './auth-layout';

interface EnrolStepProps {
  ticket: string;
  onDone: () => void;
  onBack: () => void;
}

export default function EnrolStep({ ticket, onDone, onBack }: EnrolStepProps) {
  const { t } = useTranslation(['twofactor', 'auth', 'validation']);
  const start = useEnrolStart();
  const confirm = useEnrolConfirm();
  const passkey = useEnrolWithPasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const enrolled = confirm.data ?? passkey.data;
  const [setup, setSetup] = useState<TotpSetupAnswer | null>(null);
  const [code, setCode] = useState('');
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<unknown>(null);

  const finish = async (token: string) => {
    setFinishing(true);
    try {
      await finishLogin(token);
    } catch (e) {
      setFinishError(e);
      setFinishing(false);
      return;
    }
    onDone();
  };

  const content = () => {
    if (enrolled) {
      return (
        <Stack gap="sm">
          <RecoveryCodesView
            codes={enrolled.recovery_codes}
            onDone={() => void finish(enrolled.token)}
            texts={{
              title: t('twofactor:codes.title'),
              intro: t('twofactor:codes.intro'),
              listLabel: t('twofactor:codes.list_label'),
              copy: t('twofactor:codes.copy'),
              copied: t('twofactor:codes.copied'),
              download: t('twofactor:codes.download'),
              done: finishing ? t('twofactor:enrol.continue') : t('twofactor:codes.done'),
            }}
          />
          <ApiErrorAlert error={finishError} />
        </Stack>
      );
    }
    if (!setup) {
      return (
        <Stack gap="md">
          <Text size="sm">{t('twofactor:enrol.intro')}</Text>
          <ApiErrorAlert error={start.error} />
          <Button fullWidth loading={start.isPending} onClick={() => start.mutate(ticket, { onSuccess: setSetup })}>
            {t('twofactor:enrol.start')}
          </Button>
          {browserHasPasskeys() ? (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                const empty = name.trim() === '';
                setNameError(empty ? t('validation:passkey_name_empty') : null);
                if (!empty && !passkey.isPending) passkey.mutate({ ticket, name: name.trim() });
              }}
            >
              <Stack gap="sm">
                <Divider label={t('twofactor:enrol.or')} labelPosition="center" />
                <TextInput
                  label={t('twofactor:passkeys.name_label')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  error={nameError}
                  maxLength={64}
                  required
                />
                <ApiErrorAlert error={passkey.error} />
                <Button type="submit" variant="default" fullWidth loading={passkey.isPending}>
                  {t('twofactor:enrol.start_passkey')}
                </Button>
              </Stack>
            </form>
          ) : null}
        </Stack>
      );
    }
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          confirm.mutate({ p_ticket: ticket, p_code: code });
        }}
      >
        <Stack gap="md">
          <TotpSetup secret={setup.secret} uri={setup.uri} code={code} onCodeChange={setCode} />
          <ApiErrorAlert error={confirm.error} />
          <Button type="submit" fullWidth loading={confirm.isPending}>
            {t('twofactor:enrol.submit')}
          </Button>
        </Stack>
      </form>
    );
  };

  return (
    <AuthLayout title={t('twofactor:enrol.title')} width={520}>
      {content()}
      {!enrolled ? (
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('twofactor:login.back')}
        </Anchor>
      ) : null}
    </AuthLayout>
  );
}
