/**
 * Posting a status message: its level and text (the contract's postInternalStatusSchema checks
 * both, here and on the server). Every page shows it as a banner until it is ended.
 */
import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Textarea, Title } from '@mantine/core';
import { STATUS_LEVELS, STATUS_MESSAGE_MAX, type StatusLevel } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';

export interface StatusFormProps {
  posting: boolean;
  error: unknown;
  /** Posts; `done` runs once it succeeded (the form empties). */
  onPost: (level: StatusLevel, message: string, done: () => void) => void;
}

export function StatusForm({ posting, error, onPost }: StatusFormProps) {
  const { t } = useTranslation('staff');
  const [level, setLevel] = useState<StatusLevel>('info');
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = message.trim() === '';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (empty) return;
    onPost(level, message.trim(), () => {
      setMessage('');
      setTouched(false);
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-labelledby="status-form-title" noValidate>
      <Stack gap="sm">
        <Title order={2} fz="h4" id="status-form-title">
          {t('statuses.new')}
        </Title>
        <Select
          label={t('statuses.level')}
          data={STATUS_LEVELS.map((l) => ({ value: l, label: t(`statuses.levels.${l}`) }))}
          value={level}
          onChange={(v) => v && setLevel(v)}
          allowDeselect={false}
          maw={240}
        />
        <Textarea
          label={t('statuses.message')}
          description={t('statuses.message_hint', { max: STATUS_MESSAGE_MAX })}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={STATUS_MESSAGE_MAX}
          required
          error={touched && empty ? t('statuses.message_empty') : null}
        />
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={posting}>
            {t('statuses.post')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
