/**
 * Change password (spec 1 §2 'Profile: old and new password'): the old password, the new one
 * and its repetition, checked with the contract's ResetPassword schema before sending. A wrong
 * old password shows on its field; afterwards every other session is signed out.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LIMITS } from '@portside/contract/constants';
import { resetPasswordSchema } from '@portside/contract/schemas/settings';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useResetPassword } from '../api/reset-password';

type Field = 'p_old_password' | 'p_password' | 'p_password_repeat';
const EMPTY: Record<Field, string> = { p_old_password: '', p_password: '', p_password_repeat: '' };
const CODE_FIELDS = { WRONG_PASSWORD: ['p_old_password', 'profile:password.wrong_old'] } as const;

export function ChangePasswordForm() {
  const { t } = useTranslation(['profile', 'validation']);
  const form = useSchemaForm('change-password', resetPasswordSchema, EMPTY);
  const mutation = useResetPassword();
  const [changed, setChanged] = useState(false);

  const submit = form.handleSubmit((body) => {
    setChanged(false);
    mutation.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        setChanged(true);
      },
      onError: (e) => {
        const fields = fieldErrorsFromApi<Field>(e, CODE_FIELDS);
        if (fields) form.setErrors(fields);
      },
    });
  });

  const input = (name: Field, label: string, autoComplete: string, description?: string) => (
    <PasswordInput
      {...form.bind(name)}
      label={label}
      description={description}
      autoComplete={autoComplete}
      required
      error={form.errors[name] ? translateKey(t, form.errors[name]) : undefined}
      aria-invalid={form.errors[name] ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('profile:password.toggle_visibility') }}
    />
  );
  // Errors that belong to no field (rate limit, network) show above the form.
  const general = mutation.error && !fieldErrorsFromApi(mutation.error, CODE_FIELDS) ? mutation.error : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="change-password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={520}>
          <div>
            <Title order={2} fz="h4" id="change-password-title">
              {t('profile:password.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('profile:password.intro')}
            </Text>
          </div>
          {changed && (
            <Alert color="green" variant="light" role="status" title={t('profile:password.changed_title')}>
              {t('profile:password.changed')}
            </Alert>
          )}
          {general ? <ErrorAlert error={general} /> : null}
          {input('p_old_password', t('profile:password.old'), 'current-password')}
          {input(
            'p_password',
            t('profile:password.new'),
            'new-password',
            t('profile:password.hint', { min: LIMITS.registrationPasswordMin }),
          )}
          {input('p_password_repeat', t('profile:password.repeat'), 'new-password')}
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              {t('profile:password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
