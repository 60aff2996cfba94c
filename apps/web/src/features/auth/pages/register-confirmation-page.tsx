/**
 * After registering (/register-confirmation?email=...): "check your mailbox", a form for the
 * mailed code and a link to send a new one. A confirmed address leads to the login page with the
 * e-mail filled in.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LIMITS, TIMING } from '@portside/contract/constants';
import { buildPath } from '@portside/contract/routes';
import { confirmEmailSchema } from '@portside/contract/schemas/auth';
import { useConfirmEmail } from '../api/confirm-email';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { codeErrorText, isAlreadyConfirmed } from '../lib/code-errors';
import { translateKey } from '../../../shared/forms/field-messages';
import { useDelayedRedirect } from '../lib/use-delayed-redirect';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';

type Field = 'p_email' | 'p_otp';

export default function RegisterConfirmationPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const [params] = useSearchParams();
  const queryEmail = params.get('email')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const [confirmed, setConfirmed] = useState<{ email: string; already: boolean } | null>(null);
  const form = useSchemaForm<typeof confirmEmailSchema, Field>('confirm', confirmEmailSchema, {
    p_email: queryEmail,
    p_otp: '',
  });
  const loginPath = confirmed ? buildPath('login-with-email', { emailaddress: confirmed.email }) : null;
  useDelayedRedirect(loginPath, TIMING.dialogCloseMs);

  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);
  const email = form.values.p_email.trim();
  const fields = [
    { name: 'p_email' as const, id: form.idOf('p_email'), label: t('auth:common.email') },
    { name: 'p_otp' as const, id: form.idOf('p_otp'), label: t('auth:common.code') },
  ];

  const onSubmit = form.handleSubmit((body) => {
    if (confirm.isPending) return;
    confirm.reset();
    confirm.mutate(body, {
      onSuccess: () => setConfirmed({ email: body.p_email, already: false }),
      onError: (error) => {
        if (isAlreadyConfirmed(error)) setConfirmed({ email: body.p_email, already: true });
      },
    });
  });

  if (confirmed && loginPath) {
    return (
      <AuthLayout title={t('auth:confirmed.success_title')}>
        <Alert color="green" variant="light" role="status">
          {confirmed.already ? t('auth:errors.already_confirmed') : t('auth:confirmed.success')}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('auth:confirmed.redirecting', { seconds: TIMING.dialogCloseMs / 1000 })}
        </Text>
        <Button component={Link} to={loginPath} fullWidth>
          {t('auth:confirmed.login')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('auth:register_confirmation.title')}
      subtitle={
        queryEmail ? t('auth:register_confirmation.sent_to', { email: queryEmail }) : t('auth:register_confirmation.sent')
      }
      footer={
        <Anchor component={Link} to="/login" size="sm">
          {t('auth:common.back_to_login')}
        </Anchor>
      }
    >
      <Text size="sm">
        {t('auth:register_confirmation.instructions', {
          digits: LIMITS.codeLength,
          minutes: LIMITS.codeTtlMinutes,
        })}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {form.submitted ? <FormErrors errors={form.errors} fields={fields} /> : null}
          {confirm.isError && !isAlreadyConfirmed(confirm.error) ? (
            <ApiErrorAlert error={confirm.error} override={(e) => codeErrorText(t, e)} />
          ) : null}
          <TextInput
            {...form.bind('p_email')}
            label={t('auth:common.email')}
            type="email"
            autoComplete="email"
            aria-required
            error={err('p_email')}
          />
          <TextInput
            {...form.bind('p_otp')}
            label={t('auth:common.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-required
            error={err('p_otp')}
            autoFocus={!!queryEmail}
          />
          <Button type="submit" fullWidth loading={confirm.isPending} disabled={confirm.isPending}>
            {t('auth:register_confirmation.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        {t('auth:register_confirmation.no_mail')}{' '}
        {email ? (
          <Anchor component={Link} to={buildPath('resend-confirmation', { email })}>
            {t('auth:register_confirmation.resend_link')}
          </Anchor>
        ) : (
          <Text span size="sm" c="dimmed">
            {t('auth:register_confirmation.resend_needs_email')}
          </Text>
        )}
      </Text>
    </AuthLayout>
  );
}
