/**
 * The ILO password modal (spec 1 §2, §5): sets the password of the customer's own account on the
 * server's BMC. Exactly 8 characters, all uppercase — letters, digits and symbols — typed twice;
 * both fields can show what was typed. The rule is checked as the user types (after a first try
 * to save), the server checks it again and its refusal shows in the dialog.
 */
import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { ILO_CUSTOMER_LOGIN } from '@portside/contract/schemas/dedicated';
import { validateIloPassword } from '@portside/contract/rules/validators';
import { fieldKeyOf } from '../../../shared/forms/server-field-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useUpdateIloPassword } from '../api/update-ilo-password';

export interface IloPasswordDialogProps {
  serial: string;
  hostname: string;
  /** The BMC account's login name, when the portal knows it. */
  login: string | null;
  opened: boolean;
  onClose: () => void;
}

export function IloPasswordDialog(p: IloPasswordDialogProps) {
  const { t } = useTranslation(['dedicated', 'validation', 'common']);
  const update = useUpdateIloPassword(p.serial);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);

  const ruleKey = validateIloPassword(password);
  const serverKey = update.error ? fieldKeyOf(update.error, 'p_password') : null;
  const passwordError = (tried && ruleKey) || serverKey;
  const repeatError = tried && !ruleKey && repeat !== password ? t('ilo.mismatch') : null;

  const close = () => {
    if (update.isPending) return;
    setPassword('');
    setRepeat('');
    setTried(false);
    update.reset();
    p.onClose();
  };
  const submit = () => {
    setTried(true);
    if (ruleKey || repeat !== password) return;
    update.mutate(password, {
      onSuccess: (answer) => {
        notifySuccess(t('ilo.saved', { login: answer.ilo_login, hostname: p.hostname }));
        close();
      },
    });
  };
  const toggle = { 'aria-label': t('ilo.toggle') };

  return (
    <Modal
      opened={p.opened}
      onClose={close}
      title={t('ilo.title', { hostname: p.hostname })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      closeOnClickOutside={!update.isPending}
      closeOnEscape={!update.isPending}
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('ilo.body', { login: p.login ?? ILO_CUSTOMER_LOGIN })}</Text>
          <PasswordInput
            label={t('ilo.password')}
            description={t('ilo.rule')}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              if (update.error) update.reset();
            }}
            error={passwordError ? t(`validation:${passwordError}`) : undefined}
            autoComplete="new-password"
            maxLength={64}
            data-autofocus
            visibilityToggleButtonProps={toggle}
            visibilityToggleFocusable
          />
          <PasswordInput
            label={t('ilo.repeat')}
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={repeatError ?? undefined}
            autoComplete="new-password"
            maxLength={64}
            visibilityToggleButtonProps={toggle}
            visibilityToggleFocusable
          />
          {update.error && !serverKey ? <ErrorAlert error={update.error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('ilo.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
