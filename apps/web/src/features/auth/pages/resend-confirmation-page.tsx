/**
 * /resend-confirmation/:email (linked from UNCONFIRMED_EMAIL errors): sends a new confirmation
 * code on request, then leads to the code entry page.
 */
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { resendConfirmationSchema } from '@portside/contract/schemas/auth';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { useResendConfirmation } from '../api/resend-confirmation';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { codeErrorText } from '../lib/code-errors';
import { translateKey, validationKey } from '../../../shared/forms/field-messages';

export default function ResendConfirmationPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const { email = '' } = useParams();
  const resend = useResendConfirmation();
  const parsed = resendConfirmationSchema.safeParse({ p_email: email });
  const address = parsed.success ? parsed.data.p_email : email.trim();
  const invalid = parsed.success ? null : (fieldErrors(parsed.error).p_email ?? 'email_invalid');
  const confirmPath = buildPath('register-confirmation', {}, address ? { email: address } : undefined);

  return (
    <AuthLayout
      title={t('auth:resend.title')}
      subtitle={address ? t('auth:resend.subtitle', { email: address }) : undefined}
      footer={
        <Anchor component={Link} to="/login" size="sm">
          {t('auth:common.back_to_login')}
        </Anchor>
      }
    >
      {invalid ? (
        <Alert color="red" variant="light" title={t('auth:resend.invalid_address')}>
          {translateKey(t, validationKey(invalid))}
        </Alert>
      ) : null}

      {resend.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {t('auth:resend.sent', { email: address })}
          </Alert>
          <Button component={Link} to={confirmPath} fullWidth>
            {t('auth:resend.enter_code')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('auth:resend.explanation')}</Text>
          <ApiErrorAlert error={resend.error} override={(e) => codeErrorText(t, e)} />
          <Button
            fullWidth
            disabled={!parsed.success || resend.isPending}
            loading={resend.isPending}
            onClick={() => parsed.success && resend.mutate(parsed.data)}
          >
            {t('auth:resend.submit')}
          </Button>
          <Anchor component={Link} to={confirmPath} size="sm" ta="center">
            {t('auth:resend.have_code')}
          </Anchor>
        </Stack>
      )}
    </AuthLayout>
  );
}
