/**
 * Login (/login, /login-with-redirect/:redirectUrlBase64, /login-with-email/:emailaddress).
 * After a successful login the user goes to the dashboard, or to the decoded redirect target when
 * it is same-origin. Errors stay on the page (the login call never redirects). A user with
 * two-factor sign-in then gives a code (or, when the account requires 2FA and the user has none,
 * sets up an app): those steps load only when a login asks for them (issue 19).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { loginSchema } from '@portside/contract/schemas/auth';
import { buildPath } from '@portside/contract/routes';
import { useLogin, type LoginStep } from '../api/login';
import { ApiErrorAlert, statusOf } from '../components/api-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { PasswordField } from '../components/password-field';
import { translateKey } from '../../../shared/forms/field-messages';
import { redirectAfterLogin } from '../lib/redirect';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';

type Field = 'p_email' | 'p_password';

const SecondFactorStep = lazy(() => import('../components/second-factor-step'));
const EnrolStep = lazy(() => import('../components/enrol-step'));

/** The login's rules (zod) are fetched once the page has rendered: the first screen loads no zod. */
const loadLoginSchema = () => import('@portside/contract/schemas/auth').then((m) => m.loginSchema);

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const { emailaddress, redirectUrlBase64 } = useParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [step, setStep] = useState<LoginStep | null>(null);
  const form = useSchemaForm<typeof loginSchema, Field>('login', loadLoginSchema, {
    p_email: emailaddress ?? '',
    p_password: '',
  });
  const { setValue } = form;
  // The same page instance serves /login-with-email/a and then /login-with-email/b.
  useEffect(() => {
    if (emailaddress) setValue('p_email', emailaddress);
  }, [emailaddress, setValue]);
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);
  const email = form.values.p_email.trim();

  const onSubmit = form.handleSubmit(async (body) => {
    if (login.isPending) return;
    login.reset();
    let next: LoginStep;
    try {
      // Not mutate's onSuccess: storing the session re-renders the root inside the shell, which
      // unmounts this page before per-call callbacks would run. The awaited promise still settles.
      next = await login.mutateAsync(body);
    } catch {
      return; // shown from login.error; the login call never redirects
    }
    if (next.kind === 'done') void navigate(redirectAfterLogin(redirectUrlBase64), { replace: true });
    else setStep(next);
  });

  if (step && step.kind !== 'done') {
    const props = {
      ticket: step.ticket,
      onDone: () => void navigate(redirectAfterLogin(redirectUrlBase64), { replace: true }),
      onBack: () => {
        setStep(null);
        login.reset();
        setValue('p_password', '');
      },
    };
    return (
      <Suspense fallback={null}>
        {step.kind === 'second_factor' ? <SecondFactorStep {...props} methods={step.methods} /> : <EnrolStep {...props} />}
      </Suspense>
    );
  }

  const fields = [
    { name: 'p_email' as const, id: form.idOf('p_email'), label: t('auth:common.email') },
    { name: 'p_password' as const, id: form.idOf('p_password'), label: t('auth:common.password') },
  ];

  return (
    <AuthLayout
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      footer={
        <>
          <Text size="sm">
            {t('auth:login.no_account')}{' '}
            <Anchor component={Link} to="/register" underline="always">
              {t('auth:login.register_link')}
            </Anchor>
          </Text>
          <Anchor
            component={Link}
            size="sm"
            to={email ? buildPath('register-confirmation', {}, { email }) : '/register-confirmation'}
          >
            {t('auth:login.have_confirmation_code')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {form.submitted ? <FormErrors errors={form.errors} fields={fields} /> : null}
          <ApiErrorAlert error={login.error} override={(e) => (statusOf(e) === 429 ? t('auth:errors.rate_limited') : null)} />
          <TextInput
            {...form.bind('p_email')}
            label={t('auth:common.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            aria-required
            error={err('p_email')}
            autoFocus={!emailaddress}
          />
          <PasswordField
            {...form.bind('p_password')}
            label={t('auth:common.password')}
            autoComplete="current-password"
            aria-required
            error={err('p_password')}
            autoFocus={!!emailaddress}
          />
          <Stack gap={4} align="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth:login.forgot_password')}
            </Anchor>
            <Anchor component={Link} size="sm" to={email ? buildPath('reset-password', {}, { email }) : '/reset-password'}>
              {t('auth:login.have_reset_code')}
            </Anchor>
          </Stack>
          <Button type="submit" fullWidth loading={login.isPending} disabled={login.isPending}>
            {t('auth:login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
