/**
 * 'New ticket': a title and a description (required, the contract's createTicketSchema), the
 * priority (low, normal or high, with the note that misusing high priority is charged at the
 * Remote Hands rate) and up to three jpg or png images, each uploaded as it is picked and
 * removable before sending. Once opened, the new ticket's page shows.
 */
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LAYOUT } from '@portside/contract/constants';
import {
  REMOTE_HANDS_EUR_PER_HOUR,
  TICKET_PRIORITIES,
  TICKET_TITLE_MAX,
  createTicketSchema,
} from '@portside/contract/schemas/support';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateTicket } from '../api/create-ticket';
import { useAttachments } from '../lib/use-attachments';
import { AttachmentPicker } from './attachment-picker';
import { ticketHref } from './ticket-list';

type Field = 'p_title' | 'p_description' | 'p_priority';
const EMPTY: Record<Field, string> = { p_title: '', p_description: '', p_priority: 'normal' };

export default function NewTicketDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['tickets', 'validation', 'errors', 'common']);
  const navigate = useNavigate();
  const money = useMoney();
  const create = useCreateTicket();
  const attachments = useAttachments();
  const form = useSchemaForm<typeof createTicketSchema, Field>('new-ticket', createTicketSchema, EMPTY, (v) => ({
    ...v,
    p_files: attachments.fileIds.length ? attachments.fileIds : undefined,
  }));
  const fieldError = fieldErrorsFromApi<Field>(create.error);

  const close = (sent = false) => {
    if (create.isPending && !sent) return;
    form.reset(EMPTY);
    if (sent) attachments.clear();
    else attachments.discard();
    create.reset();
    onClose();
  };
  const submit = form.handleSubmit((body) => {
    if (attachments.busy) return;
    create.mutate(body, {
      onSuccess: ({ ticket }) => {
        notifySuccess(t('tickets:new.created', { ticket }));
        close(true);
        void navigate(ticketHref(ticket));
      },
      onError: (e) => {
        const mapped = fieldErrorsFromApi<Field>(e);
        if (mapped) form.setErrors(mapped);
      },
    });
  });
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);
  const high = form.values.p_priority === 'high';

  return (
    <Modal
      opened={opened}
      onClose={() => close()}
      title={t('tickets:new.title')}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('tickets:new.title_label')}
            maxLength={TICKET_TITLE_MAX}
            autoComplete="off"
            aria-required
            data-autofocus
            {...form.bind('p_title')}
            error={err('p_title')}
          />
          <Textarea
            label={t('tickets:new.description_label')}
            description={t('tickets:new.description_hint')}
            autosize
            minRows={4}
            maxRows={14}
            aria-required
            {...form.bind('p_description')}
            error={err('p_description')}
          />
          <Radio.Group
            label={t('tickets:new.priority_label')}
            value={form.values.p_priority}
            onChange={(v) => form.setValue('p_priority', v)}
            error={err('p_priority')}
          >
            <Group gap="md" mt={4}>
              {TICKET_PRIORITIES.map((p) => (
                <Radio key={p} value={p} label={t(`tickets:priority.${p}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Alert color={high ? 'orange' : 'gray'} variant="light" p="xs">
            <Text size="sm">{t('tickets:new.high_priority_note', { rate: money(REMOTE_HANDS_EUR_PER_HOUR * 100, 0) })}</Text>
          </Alert>
          <AttachmentPicker attachments={attachments} disabled={create.isPending} />
          {create.error && !fieldError && <ErrorAlert error={create.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => close()} disabled={create.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={attachments.busy}>
              {t('tickets:new.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
