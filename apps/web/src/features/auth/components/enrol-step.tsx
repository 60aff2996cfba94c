/**
 * Enrolment at login (issue 19), loaded only when the account requires 2FA of a user who has none:
 * set up an authenticator app with the login's ticket, confirm it with its first code, see the
 * recovery codes once, then go on signed in. A step of the login page rather than a page of its
 * own, so the ticket never lands in the address bar or the history.
 */
import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { RecoveryCodesView } from '../../../shared/ui/recovery-codes-view';
import { TotpSetup } from '../../../shared/ui/totp-setup';
import { useEnrolConfirm } from '../api/enrol-confirm';
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
  const { t } = useTranslation(['twofactor', 'auth']);
  const start = useEnrolStart();
  const confirm = useEnrolConfirm();
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
    if (confirm.data) {
      return (
        <Stack gap="sm">
          <RecoveryCodesView
            codes={confirm.data.recovery_codes}
            onDone={() => void finish(confirm.data.token)}
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
      {!confirm.data ? (
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('twofactor:login.back')}
        </Anchor>
      ) : null}
    </AuthLayout>
  );
}
