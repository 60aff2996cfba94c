/**
 * Registration (/register and /register/voucher/:voucher_code). Validated with the contract's
 * registerSchema per field on blur and as a whole on submit; server answers (VOUCHER_INVALID,
 * VOUCHER_EXPIRED, VALIDATION_FAILED details) land on the same fields. A taken address is answered
 * like a new one (its owner gets an e-mail), so the form cannot reveal who has an account.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { COOKIES } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { buildPath } from '@portside/contract/routes';
import { registerSchema } from '@portside/contract/schemas/auth';
import { getCookie } from '../../../shared/session/cookies';
import { useRegister } from '../api/register';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { REGISTER_FIELDS, RegisterFields, type RegisterField } from '../components/register-fields';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';

/** How long registration data is kept offline (spec 1 §1). */
const RETENTION_MONTHS = 6;

/** The referrer stored from a referral code, when it has the shape the server accepts. */
function storedReferrer(): string | undefined {
  const value = getCookie(COOKIES.referrer.name);
  return value && /^[A-Z]{5}$/.test(value) ? value : undefined;
}

export default function RegisterPage() {
  const { t, i18n } = useTranslation(['auth', 'validation']);
  const { voucher_code } = useParams();
  const navigate = useNavigate();
  const register = useRegister();
  const [apiError, setApiError] = useState<unknown>(null);

  const initial = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ''])) as Record<RegisterField, string>;
  initial.p_voucher = (voucher_code ?? '').trim().toUpperCase();
  const form = useSchemaForm<typeof registerSchema, RegisterField>('register', registerSchema, initial);

  const { setValue } = form;
  useEffect(() => {
    if (voucher_code) setValue('p_voucher', voucher_code.trim().toUpperCase());
  }, [voucher_code, setValue]);

  const labels: Record<RegisterField, string> = {
    p_first_name: t('auth:register.personal.first_name'),
    p_last_name: t('auth:register.personal.last_name'),
    p_email: t('auth:common.email'),
    p_company_name: t('auth:register.personal.company_name'),
    p_password: t('auth:common.password'),
    p_password_confirm: t('auth:register.security.password_confirm'),
    p_address: t('auth:register.billing.address'),
    p_address2: t('auth:register.billing.address2'),
    p_city: t('auth:register.billing.city'),
    p_country: t('auth:register.billing.country'),
    p_state: t('auth:register.billing.state'),
    p_postcode: t('auth:register.billing.postcode'),
    p_phone_prefix: t('auth:register.billing.phone_prefix'),
    p_phone_number: t('auth:register.billing.phone_number'),
    p_vat_number: t('auth:register.billing.vat_number'),
    p_voucher: t('auth:register.voucher.code'),
  };
  const summaryFields = REGISTER_FIELDS.map((name) => ({ name, id: form.idOf(name), label: labels[name] }));

  const onSubmit = form.handleSubmit((data) => {
    if (register.isPending) return;
    setApiError(null);
    const body = {
      ...data,
      p_language: normalizeLocale(i18n.resolvedLanguage ?? i18n.language),
      p_referrer: storedReferrer(),
    };
    register.mutate(body, {
      onSuccess: (answer) => {
        const email = answer?.email || body.p_email;
        void navigate(buildPath('register-confirmation', {}, { email }));
      },
      onError: (error) => {
        const mapped = fieldErrorsFromApi<RegisterField>(error, {
          VOUCHER_INVALID: ['p_voucher', 'auth:register.errors.voucher_invalid'],
          VOUCHER_EXPIRED: ['p_voucher', 'auth:register.errors.voucher_expired'],
        });
        if (mapped) form.setErrors(mapped);
        else setApiError(error);
      },
    });
  });

  return (
    <AuthLayout
      width={760}
      title={t('auth:register.title')}
      subtitle={t('auth:register.subtitle')}
      footer={
        <Text size="sm">
          {t('auth:register.have_account')}{' '}
          <Anchor component={Link} to="/login" underline="always">
            {t('auth:register.login_link')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {form.submitted ? <FormErrors errors={form.errors} fields={summaryFields} /> : null}
          <ApiErrorAlert error={apiError} />
          <RegisterFields form={form} labels={labels} />
          <Alert color="blue" variant="light">
            <Text size="sm">{t('auth:register.notice.identity')}</Text>
            <Text size="sm">{t('auth:register.notice.retention', { months: RETENTION_MONTHS })}</Text>
          </Alert>
          <Button type="submit" size="md" loading={register.isPending} disabled={register.isPending}>
            {t('auth:register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
