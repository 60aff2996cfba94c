/**
 * The 'connect Telegram' modal (spec 1 §2 Modals, §4 Telegram modal, spec 2 §8): the send button
 * is disabled while the id is empty; on success it shows 'Request sent successfully!', clears the
 * id and closes after 3 s; errors show in the modal; closing resets fields and messages.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useTimeout } from '../../../shared/ui/use-timeout';
import { LAYOUT, TIMING } from '@portside/contract/constants';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { telegramRequestSchema } from '@portside/contract/schemas/profile';
import { translateKey, validationKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useTelegramRequest } from '../api/telegram-request';

interface TelegramModalProps {
  opened: boolean;
  onClose: () => void;
}

export function TelegramModal({ opened, onClose }: TelegramModalProps) {
  const { t } = useTranslation(['telegram', 'validation', 'common']);
  const mutation = useTelegramRequest();
  const [id, setId] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const closing = useTimeout();

  const close = () => {
    closing.cancel();
    setId('');
    setFieldError(null);
    setSent(false);
    mutation.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    mutation.reset();
    const parsed = telegramRequestSchema.safeParse({ p_telegram_id: id });
    if (!parsed.success) {
      setFieldError(validationKey(fieldErrors(parsed.error).p_telegram_id ?? 'invalid_data'));
      return;
    }
    setFieldError(null);
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setSent(true);
        setId('');
        closing.start(close, TIMING.dialogCloseMs);
      },
      onError: (err) => setFieldError(fieldErrorsFromApi<'p_telegram_id'>(err)?.p_telegram_id ?? null),
    });
  };

  const apiError = mutation.error && !fieldErrorsFromApi(mutation.error) ? mutation.error : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('telegram:title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      size={LAYOUT.dialogWidthPx}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('telegram:intro')}</Text>
          {sent && (
            <Alert color="green" variant="light" role="status">
              {t('telegram:sent')}
            </Alert>
          )}
          {apiError ? <ErrorAlert error={apiError} /> : null}
          <TextInput
            label={t('telegram:id_label')}
            description={t('telegram:id_hint')}
            placeholder="@username"
            value={id}
            onChange={(e) => {
              setId(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError ? translateKey(t, fieldError) : undefined}
            autoComplete="off"
            data-autofocus
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common:actions.close')}
            </Button>
            <Button type="submit" disabled={id.trim() === ''} loading={mutation.isPending}>
              {t('telegram:send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
