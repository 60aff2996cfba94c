/**
 * The reply box of a ticket: a comment (required, the contract's rule) with up to three images,
 * sent with RespondToTicket (or, for a visitor, GuestRespondToTicket without images). After
 * sending it says that the answer comes by e-mail, which may land in spam (spec 2 §8).
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { respondToTicketSchema } from '@portside/contract/schemas/support';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { useRespondToTicket } from '../api/respond-to-ticket';
import { useAttachments } from '../lib/use-attachments';
import { AttachmentPicker } from './attachment-picker';

type Field = 'p_comment';
const EMPTY: Record<Field, string> = { p_comment: '' };

export interface ReplyFormProps {
  ticket: number;
  /** Staff answer the customer; the notice after sending says who is told. */
  staff: boolean;
}

export function ReplyForm({ ticket, staff }: ReplyFormProps) {
  const { t } = useTranslation(['tickets', 'validation', 'errors', 'common']);
  const respond = useRespondToTicket();
  const attachments = useAttachments();
  const [sent, setSent] = useState(false);
  const form = useSchemaForm<typeof respondToTicketSchema, Field>('ticket-reply', respondToTicketSchema, EMPTY, (v) => ({
    p_ticket: ticket,
    p_comment: v.p_comment,
    p_files: attachments.fileIds.length ? attachments.fileIds : undefined,
  }));
  const submit = form.handleSubmit((body) => {
    if (attachments.busy) return;
    setSent(false);
    respond.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        attachments.clear();
        setSent(true);
      },
      onError: (e) => {
        const mapped = fieldErrorsFromApi<Field>(e);
        if (mapped?.p_comment) form.setErrors(mapped);
      },
    });
  });
  const fieldError = fieldErrorsFromApi<Field>(respond.error);
  const err = form.errors.p_comment ? translateKey(t, form.errors.p_comment) : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label={t('tickets:reply.form_label')}>
      <Stack gap="sm">
        <Textarea
          label={t('tickets:reply.label')}
          autosize
          minRows={3}
          maxRows={12}
          aria-required
          {...form.bind('p_comment')}
          onChange={(e) => {
            form.setValue('p_comment', e.currentTarget.value);
            if (sent) setSent(false);
          }}
          error={err}
        />
        <AttachmentPicker attachments={attachments} disabled={respond.isPending} />
        {respond.error && !fieldError?.p_comment && <ErrorAlert error={respond.error} />}
        {sent && (
          <Alert color="green" variant="light" role="status" icon={<Icon name="mail" size={18} />}>
            {staff ? t('tickets:reply.sent_staff') : t('tickets:reply.sent')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<Icon name="send" size={16} />}
            loading={respond.isPending}
            disabled={attachments.busy}
          >
            {t('tickets:reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
