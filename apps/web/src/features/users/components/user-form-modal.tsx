/**
 * The create and edit dialog of a user (spec 1 §5 User creation: e-mail, first and last name
 * required, passwords must match). A new user gets a confirmation code by e-mail.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import type { z } from 'zod';
import {
  addMyUserSchema,
  updateMyUserSchema,
  type AddMyUserBody,
  type MyUser,
  type UpdateMyUserBody,
} from '@portside/contract/schemas/users';
import { notifySuccess } from '../../../shared/ui/notify';
import { useAddMyUser } from '../api/add-my-user';
import { useUpdateMyUser } from '../api/update-my-user';
import { useRpcForm } from '../lib/use-rpc-form';
import { FormAlert } from './form-alert';

export interface UserFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; none to create one. */
  user?: MyUser | null;
}

type CreateField = 'p_email' | 'p_first_name' | 'p_last_name' | 'p_password' | 'p_password_confirm';
const EMPTY: Record<CreateField, string> = {
  p_email: '',
  p_first_name: '',
  p_last_name: '',
  p_password: '',
  p_password_confirm: '',
};

export function UserFormModal({ opened, onClose, user }: UserFormModalProps) {
  const { t } = useTranslation(['users', 'validation', 'common']);
  const editing = !!user;
  const schema: z.ZodType = editing ? updateMyUserSchema : addMyUserSchema;
  const form = useRpcForm<z.ZodType, CreateField>(schema, EMPTY);
  const add = useAddMyUser();
  const update = useUpdateMyUser();
  const [failure, setFailure] = useState<unknown>(null);
  const pending = add.isPending || update.isPending;

  const { reset } = form;
  useEffect(() => {
    if (!opened) return;
    reset(user ? { ...EMPTY, p_first_name: user.first_name, p_last_name: user.last_name } : EMPTY);
    setFailure(null);
  }, [opened, user, reset]);

  const fail = (e: unknown) => {
    if (!form.showServerErrors(e)) setFailure(e);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (user) {
      const body = form.validate({ p_user: user.username });
      if (body)
        update.mutate(body as UpdateMyUserBody, {
          onSuccess: () => {
            notifySuccess(t('users:form.saved'));
            onClose();
          },
          onError: fail,
        });
      return;
    }
    const body = form.validate();
    if (body) {
      add.mutate(body as AddMyUserBody, {
        onSuccess: (r) => {
          notifySuccess(t('users:form.created', { email: r.email }));
          onClose();
        },
        onError: fail,
      });
    }
  };

  const err = (f: CreateField) => (form.errors[f] ? t(`validation:${form.errors[f]}`) : undefined);
  const bind = (f: CreateField) => ({
    value: form.values[f],
    onChange: (e: { currentTarget: { value: string } }) => form.set(f, e.currentTarget.value),
    error: err(f),
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={LAYOUT.dialogWidthPx}
      title={user ? t('users:form.edit_title', { email: user.email }) : t('users:form.create_title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!editing && (
            <TextInput
              label={t('users:form.email')}
              type="email"
              autoComplete="off"
              aria-required
              data-autofocus
              {...bind('p_email')}
            />
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('users:form.first_name')}
              aria-required
              miw={200}
              data-autofocus={editing || undefined}
              {...bind('p_first_name')}
            />
            <TextInput label={t('users:form.last_name')} aria-required miw={200} {...bind('p_last_name')} />
          </Group>
          {!editing && (
            <>
              <PasswordInput
                label={t('users:form.password')}
                autoComplete="new-password"
                aria-required
                visibilityToggleButtonProps={{ 'aria-label': t('users:form.toggle_visibility') }}
                {...bind('p_password')}
              />
              <PasswordInput
                label={t('users:form.password_confirm')}
                autoComplete="new-password"
                aria-required
                visibilityToggleButtonProps={{ 'aria-label': t('users:form.toggle_visibility') }}
                {...bind('p_password_confirm')}
              />
              <Text size="sm" c="dimmed">
                {t('users:form.create_hint')}
              </Text>
            </>
          )}
          <FormAlert error={failure} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('users:form.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? t('users:form.save') : t('users:form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
