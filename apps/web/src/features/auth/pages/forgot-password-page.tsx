/**
 * /forgot-password: asks for a reset code. The answer is the same whether or not the address is
 * registered (no account probing); the page then leads to the reset form with the e-mail filled.
 */
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { forgotPasswordSchema } from '@portside/contract/schemas/auth';
import { useForgotPassword } from '../api/forgot-password';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { codeErrorText } from '../lib/code-errors';
import { translateKey } from '../../../shared/forms/field-messages';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const [params] = useSearchParams();
  const forgot = useForgotPassword();
  const form = useSchemaForm<typeof forgotPasswordSchema, 'p_email'>('forgot', forgotPasswordSchema, {
    p_email: params.get('email')?.trim() ?? '',
  });
  const fields = [{ name: 'p_email' as const, id: form.idOf('p_email'), label: t('auth:common.email') }];
  const sentTo = forgot.isSuccess ? forgot.variables?.p_email : undefined;

  const onSubmit = form.handleSubmit((body) => {
    if (forgot.isPending) return;
    forgot.reset();
    forgot.mutate(body);
  });

  return (
    <AuthLayout
      title={t('auth:forgot.title')}
      subtitle={t('auth:forgot.subtitle')}
      footer={
        <Anchor component={Link} to="/login" size="sm">
          {t('auth:common.back_to_login')}
        </Anchor>
      }
    >
      {sentTo ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {t('auth:forgot.sent')}
          </Alert>
          <Text size="sm">{t('auth:forgot.next_step')}</Text>
          <Button component={Link} to={buildPath('reset-password', {}, { email: sentTo })} fullWidth>
            {t('auth:forgot.enter_code')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => forgot.reset()}>
            {t('auth:forgot.try_other')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {form.submitted ? <FormErrors errors={form.errors} fields={fields} /> : null}
            <ApiErrorAlert error={forgot.error} override={(e) => codeErrorText(t, e)} />
            <TextInput
              {...form.bind('p_email')}
              label={t('auth:common.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-required
              autoFocus
              error={form.errors.p_email ? translateKey(t, form.errors.p_email) : undefined}
            />
            <Button type="submit" fullWidth loading={forgot.isPending} disabled={forgot.isPending}>
              {t('auth:forgot.submit')}
            </Button>
            <Anchor
              component={Link}
              size="sm"
              ta="center"
              to={
                form.values.p_email.trim()
                  ? buildPath('reset-password', {}, { email: form.values.p_email.trim() })
                  : '/reset-password'
              }
            >
              {t('auth:forgot.have_code')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
