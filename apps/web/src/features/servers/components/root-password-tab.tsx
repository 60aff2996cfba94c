/**
 * The Reset Root Password tab (spec 1 §5 'Root password reset', spec 2 §8 'Passwords' and 'Wrong
 * password for console'): a new password twice, checked with the contract's schema (empty ones,
 * fewer than 8 characters, "Passwords don't match"), set by the guest agent of the running server;
 * then log in as root (Administrator on Windows).
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { ROOT_PASSWORD_MIN, vmRootPasswordSchema } from '@portside/contract/schemas/vm-lifecycle';
import type { VmRow } from '@portside/contract/schemas/vms';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useResetRootPassword } from '../api/reset-root-password';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock } from '../lib/vm-data';
import { isRootPasswordMessage, ROOT_PASSWORD_KINDS, rootUserOf } from '../lib/vm-lifecycle';
import { TabProgress } from './live-progress';

type Field = 'p_password' | 'p_password_confirm';
const EMPTY: Record<Field, string> = { p_password: '', p_password_confirm: '' };

export default function RootPasswordTab({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'validation']);
  const user = rootUserOf(vm.image);
  const toBody = (v: Record<Field, string>) => ({ ...v, p_provisioned_id: vm.provisioned_id });
  const form = useSchemaForm('root-password', vmRootPasswordSchema, EMPTY, toBody);
  const reset = useResetRootPassword();
  const [progress, clearProgress] = useTabProgress(vm, ROOT_PASSWORD_KINDS, isRootPasswordMessage);
  const [sent, setSent] = useState(false);
  const block = dataActionBlock(vm, 'root-password');

  const submit = form.handleSubmit((body) => {
    setSent(false);
    reset.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        setSent(true);
      },
      onError: (e) => {
        const fields = fieldErrorsFromApi<Field>(e);
        if (fields) form.setErrors(fields);
      },
    });
  });

  const input = (name: Field, label: string, description?: string) => (
    <PasswordInput
      {...form.bind(name)}
      onChange={(e) => {
        form.bind(name).onChange(e);
        setSent(false);
      }}
      label={label}
      description={description}
      autoComplete="new-password"
      required
      error={form.errors[name] ? translateKey(t, form.errors[name]) : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('root_password.toggle_visibility') }}
    />
  );
  const general = reset.error && !fieldErrorsFromApi(reset.error) ? reset.error : null;
  const doneText = progress?.phase === 'ok' ? t('root_password.done', { user }) : undefined;

  return (
    <Stack gap="md" maw={560}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="root-password-title">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2} fz="h4" id="root-password-title">
                {t('root_password.title', { user })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('root_password.intro', { user })}
              </Text>
            </div>
            {sent && (
              <Alert color="green" variant="light" role="status">
                {t('root_password.sent', { user })}
              </Alert>
            )}
            {general ? <ErrorAlert error={general} /> : null}
            {input('p_password', t('root_password.password'), t('root_password.hint', { min: ROOT_PASSWORD_MIN }))}
            {input('p_password_confirm', t('root_password.confirm'))}
            {block && (
              <Text size="sm" c="dimmed">
                {t(`blocked.${block}`)}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={reset.isPending} disabled={block !== null}>
                {t('root_password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <TabProgress vm={vm} progress={progress} doneText={doneText} onClose={clearProgress} />
    </Stack>
  );
}
