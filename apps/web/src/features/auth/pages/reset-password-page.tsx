/**
 * Setting a new password with the mailed code (/reset-password?email=... and
 * /reset-password/:encryptedMessage). The link form first decodes its message into the e-mail
 * and the code, which pre-fill the form.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LIMITS } from '@portside/contract/constants';
import { buildPath } from '@portside/contract/routes';
import { forgotPasswordConfirmSchema } from '@portside/contract/schemas/auth';
import { useForgotPasswordConfirm } from '../api/forgot-password-confirm';
import { useForgotPasswordDecode } from '../api/forgot-password-decode';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { PasswordField } from '../components/password-field';
import { codeErrorText } from '../lib/code-errors';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';

type Field = 'p_code' | 'p_email' | 'p_password' | 'p_password_repeat';
const FIELDS: readonly Field[] = ['p_code', 'p_email', 'p_password', 'p_password_repeat'];

export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const { encryptedMessage } = useParams();
  const [params] = useSearchParams();
  const decode = useForgotPasswordDecode();
  const { mutate: decodeMessage } = decode;
  const reset = useForgotPasswordConfirm();
  const [apiError, setApiError] = useState<unknown>(null);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const form = useSchemaForm<typeof forgotPasswordConfirmSchema, Field>('reset', forgotPasswordConfirmSchema, {
    p_code: params.get('code')?.trim() ?? '',
    p_email: params.get('email')?.trim() ?? '',
    p_password: '',
    p_password_repeat: '',
  });
  const { setValue } = form;

  const decodedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!encryptedMessage || decodedFor.current === encryptedMessage) return;
    decodedFor.current = encryptedMessage;
    decodeMessage(
      { p_message: encryptedMessage },
      {
        onSuccess: ({ email, code }) => {
          if (email) setValue('p_email', email);
          if (code) setValue('p_code', code);
        },
      },
    );
  }, [encryptedMessage, decodeMessage, setValue]);

  // Once the link is read (and the inputs are enabled again), go to the first field left to fill.
  const decoded = decode.data;
  useEffect(() => {
    if (!decoded) return;
    const next = !decoded.code ? 'p_code' : !decoded.email ? 'p_email' : 'p_password';
    document.getElementById(`reset-${next}`)?.focus();
  }, [decoded]);

  const labels: Record<Field, string> = {
    p_code: t('auth:reset.code'),
    p_email: t('auth:common.email'),
    p_password: t('auth:reset.new_password'),
    p_password_repeat: t('auth:reset.repeat_password'),
  };
  const fields = FIELDS.map((name) => ({ name, id: form.idOf(name), label: labels[name] }));
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);

  const onSubmit = form.handleSubmit((body) => {
    if (reset.isPending || decode.isPending) return;
    setApiError(null);
    reset.mutate(body, {
      onSuccess: () => setDoneFor(body.p_email),
      onError: (error) => {
        const mapped = fieldErrorsFromApi<Field>(error, {
          CODE_INVALID: ['p_code', 'auth:errors.code_invalid'],
        });
        if (mapped) form.setErrors(mapped);
        else setApiError(error);
      },
    });
  });

  if (doneFor) {
    return (
      <AuthLayout title={t('auth:reset.success_title')}>
        <Alert color="green" variant="light" role="status">
          {t('auth:reset.success')}
        </Alert>
        <Button component={Link} to={buildPath('login-with-email', { emailaddress: doneFor })} fullWidth>
          {t('auth:reset.login')}
        </Button>
      </AuthLayout>
    );
  }

  const decoding = decode.isPending;
  return (
    <AuthLayout
      title={t('auth:reset.title')}
      subtitle={t('auth:reset.subtitle')}
      footer={
        <>
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('auth:reset.request_code')}
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            {t('auth:common.back_to_login')}
          </Anchor>
        </>
      }
    >
      {decoding ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('auth:reset.decoding')}</Text>
        </Group>
      ) : null}
      {decode.isError ? <ApiErrorAlert error={decode.error} title={t('auth:reset.link_invalid')} /> : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {form.submitted ? <FormErrors errors={form.errors} fields={fields} /> : null}
          <ApiErrorAlert error={apiError} override={(e) => codeErrorText(t, e)} />
          <TextInput
            {...form.bind('p_code')}
            label={labels.p_code}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-required
            disabled={decoding}
            error={err('p_code')}
          />
          <TextInput
            {...form.bind('p_email')}
            label={labels.p_email}
            type="email"
            autoComplete="username"
            aria-required
            disabled={decoding}
            error={err('p_email')}
          />
          <PasswordField
            {...form.bind('p_password')}
            label={labels.p_password}
            description={t('auth:common.password_hint', { min: LIMITS.registrationPasswordMin })}
            autoComplete="new-password"
            aria-required
            error={err('p_password')}
          />
          <PasswordField
            {...form.bind('p_password_repeat')}
            label={labels.p_password_repeat}
            autoComplete="new-password"
            aria-required
            error={err('p_password_repeat')}
          />
          <Button type="submit" fullWidth loading={reset.isPending} disabled={reset.isPending || decoding}>
            {t('auth:reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
