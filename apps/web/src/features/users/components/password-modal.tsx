/** The owner sets a sub-user's password (ProfilesSetPassword); the sub-user's sessions end. */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import { profilesSetPasswordSchema, type MyUser } from '@portside/contract/schemas/users';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSetUserPassword } from '../api/set-user-password';
import { useRpcForm } from '../lib/use-rpc-form';
import { FormAlert } from './form-alert';

type Field = 'p_password' | 'p_password_confirm';
const EMPTY: Record<Field, string> = { p_password: '', p_password_confirm: '' };

export function PasswordModal({ user, onClose }: { user: MyUser | null; onClose: () => void }) {
  const { t } = useTranslation(['users', 'validation', 'common']);
  const form = useRpcForm<typeof profilesSetPasswordSchema, Field>(profilesSetPasswordSchema, EMPTY);
  const save = useSetUserPassword();
  const [failure, setFailure] = useState<unknown>(null);

  const { reset } = form;
  useEffect(() => {
    reset(EMPTY);
    setFailure(null);
  }, [user, reset]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    setFailure(null);
    const body = form.validate({ p_user: user.username });
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('users:password.done', { email: user.email }));
        onClose();
      },
      onError: (err) => {
        if (!form.showServerErrors(err)) setFailure(err);
      },
    });
  };
  const field = (f: Field, label: string, first = false) => (
    <PasswordInput
      label={label}
      data-autofocus={first || undefined}
      autoComplete="new-password"
      aria-required
      value={form.values[f]}
      onChange={(e) => form.set(f, e.currentTarget.value)}
      error={form.errors[f] ? t(`validation:${form.errors[f]}`) : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('users:form.toggle_visibility') }}
    />
  );

  return (
    <Modal
      opened={!!user}
      onClose={onClose}
      size={LAYOUT.dialogWidthPx}
      title={user ? t('users:password.title', { email: user.email }) : ''}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('users:password.hint')}
          </Text>
          {field('p_password', t('users:form.password'), true)}
          {field('p_password_confirm', t('users:form.password_confirm'))}
          <FormAlert error={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('users:form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('users:password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
