/**
 * The account deletion dialog (spec 1 §5): the user ticks the four acknowledgements and types
 * DELETE; only then can the deletion be sent. Errors show in the dialog.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ACCOUNT_DELETE, accountDeleteSchema } from '@portside/contract/schemas/settings';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useDeleteAccount, type AccountDeleteAnswer } from '../api/delete-account';

/** The four acknowledgements, in order (keys under settings:delete.acks). */
export const ACKNOWLEDGEMENTS = ['immediate', 'servers', 'billing', 'retention'] as const;

interface DeleteAccountDialogProps {
  opened: boolean;
  onClose: () => void;
  onDeleted: (answer: AccountDeleteAnswer) => void;
}

export function DeleteAccountDialog({ opened, onClose, onDeleted }: DeleteAccountDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const mutation = useDeleteAccount();
  const [ticks, setTicks] = useState<boolean[]>(() => ACKNOWLEDGEMENTS.map(() => false));
  const [word, setWord] = useState('');
  const body = { p_confirm: word, p_acknowledgements: ticks };
  const ready = accountDeleteSchema.safeParse(body).success;

  const close = () => {
    if (mutation.isPending) return;
    setTicks(ACKNOWLEDGEMENTS.map(() => false));
    setWord('');
    mutation.reset();
    onClose();
  };

  const confirm = () => {
    if (!ready) return;
    mutation.mutate(body, { onSuccess: onDeleted });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('settings:delete.dialog_title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      closeOnClickOutside={!mutation.isPending}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Alert color="red" variant="light" title={t('settings:delete.warning_title')}>
          {t('settings:delete.warning')}
        </Alert>
        <Stack gap="xs" role="group" aria-label={t('settings:delete.acks_label')}>
          {ACKNOWLEDGEMENTS.map((key, i) => (
            <Checkbox
              key={key}
              label={t(`settings:delete.acks.${key}`, { months: ACCOUNT_DELETE.retentionMonths })}
              checked={ticks[i]}
              disabled={mutation.isPending}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setTicks((prev) => prev.map((v, j) => (j === i ? checked : v)));
              }}
            />
          ))}
        </Stack>
        <TextInput
          label={t('settings:delete.confirm_label', { word: ACCOUNT_DELETE.confirmWord })}
          description={t('settings:delete.confirm_hint')}
          value={word}
          onChange={(e) => setWord(e.currentTarget.value)}
          disabled={mutation.isPending}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        {!ready && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('settings:delete.not_ready', { word: ACCOUNT_DELETE.confirmWord })}
          </Text>
        )}
        {mutation.error ? <ErrorAlert error={mutation.error} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" onClick={confirm} disabled={!ready} loading={mutation.isPending}>
            {t('settings:delete.confirm_button')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
