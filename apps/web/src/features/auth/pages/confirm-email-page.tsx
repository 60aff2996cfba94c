/**
 * The link from the confirmation e-mail (/confirm-email/:otp/:email): confirms the address once
 * on load, then offers the login page, or shows the error with a way to get a new code.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { confirmEmailSchema } from '@portside/contract/schemas/auth';
import { issueList } from '@portside/contract/schemas/issues';
import { useConfirmEmail } from '../api/confirm-email';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { codeErrorText, isAlreadyConfirmed } from '../lib/code-errors';
import { translateKey, validationKey } from '../../../shared/forms/field-messages';

export default function ConfirmEmailPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const { otp = '', email = '' } = useParams();
  const { mutate, ...confirm } = useConfirmEmail();
  const parsed = useMemo(() => confirmEmailSchema.safeParse({ p_email: email, p_otp: otp }), [email, otp]);
  const started = useRef<string | null>(null);

  useEffect(() => {
    // One call per link, also under StrictMode's double effects and re-renders.
    const linkKey = `${otp}\n${email}`;
    if (!parsed.success || started.current === linkKey) return;
    started.current = linkKey;
    mutate(parsed.data);
  }, [otp, email, parsed, mutate]);

  const address = parsed.success ? parsed.data.p_email : email.trim();
  const loginPath = address ? buildPath('login-with-email', { emailaddress: address }) : '/login';
  const succeeded = confirm.isSuccess || isAlreadyConfirmed(confirm.error);

  const recovery = (
    <Stack gap={6}>
      {address ? (
        <Anchor component={Link} to={buildPath('resend-confirmation', { email: address })}>
          {t('auth:confirm_email.resend_link')}
        </Anchor>
      ) : null}
      <Anchor
        component={Link}
        to={address ? buildPath('register-confirmation', {}, { email: address }) : '/register-confirmation'}
      >
        {t('auth:confirm_email.enter_code_link')}
      </Anchor>
    </Stack>
  );

  if (!parsed.success) {
    const problems = [...new Set(issueList(parsed.error).map((i) => translateKey(t, validationKey(i.key))))];
    return (
      <AuthLayout title={t('auth:confirm_email.title')}>
        <Alert color="red" variant="light" title={t('auth:confirm_email.broken_link')}>
          {problems.map((p) => (
            <Text key={p} size="sm">
              {p}
            </Text>
          ))}
        </Alert>
        {recovery}
      </AuthLayout>
    );
  }

  if (succeeded) {
    return (
      <AuthLayout title={t('auth:confirmed.success_title')}>
        <Alert color="green" variant="light" role="status">
          {confirm.isSuccess ? t('auth:confirmed.success') : t('auth:errors.already_confirmed')}
        </Alert>
        <Button component={Link} to={loginPath} fullWidth>
          {t('auth:confirmed.login')}
        </Button>
      </AuthLayout>
    );
  }

  if (confirm.isError) {
    return (
      <AuthLayout title={t('auth:confirm_email.title')}>
        <ApiErrorAlert error={confirm.error} override={(e) => codeErrorText(t, e)} />
        {recovery}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth:confirm_email.title')}>
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('auth:confirm_email.confirming', { email: address })}</Text>
      </Group>
    </AuthLayout>
  );
}
