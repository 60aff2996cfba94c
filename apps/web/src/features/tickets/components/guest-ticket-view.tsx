/**
 * A visitor's ticket, opened from the link mailed to them (`/tickets?ticket={id}&key={key}`):
 * GuestTicket reads it with its conversation (the first reading confirms it into the support
 * queue) and GuestRespondToTicket answers in it. A wrong or expired link says so and offers the
 * form for a new ticket. There is no live connection for a visitor: the ticket is read again now
 * and then, and after each reply.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { guestRespondSchema } from '@portside/contract/schemas/support';
import { ApiError } from '../../../shared/api/client';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useGuestRespond, useGuestTicket } from '../api/guest-ticket';
import { PriorityBadge, StatusBadge } from './ticket-badges';
import { TicketConversation } from './ticket-conversation';

type Field = 'p_comment';
const EMPTY: Record<Field, string> = { p_comment: '' };

function GuestReply({ ticket, ticketKey }: { ticket: number; ticketKey: string }) {
  const { t } = useTranslation(['tickets', 'validation', 'errors']);
  const respond = useGuestRespond();
  const [sent, setSent] = useState(false);
  const form = useSchemaForm<typeof guestRespondSchema, Field>('guest-reply', guestRespondSchema, EMPTY, (v) => ({
    p_ticket: ticket,
    p_key: ticketKey,
    p_comment: v.p_comment,
  }));
  const submit = form.handleSubmit((body) => {
    setSent(false);
    respond.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        setSent(true);
      },
    });
  });
  const fieldError = fieldErrorsFromApi<Field>(respond.error);
  const shown = form.errors.p_comment ?? fieldError?.p_comment;
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
          error={shown ? translateKey(t, shown) : undefined}
        />
        {respond.error && !fieldError?.p_comment && <ErrorAlert error={respond.error} />}
        {sent && (
          <Alert color="green" variant="light" role="status" icon={<Icon name="mail" size={18} />}>
            {t('tickets:reply.sent')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={respond.isPending} leftSection={<Icon name="send" size={16} />}>
            {t('tickets:reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function GuestTicketView({ ticket, ticketKey }: { ticket: number; ticketKey: string }) {
  const { t } = useTranslation('tickets');
  const date = useDateFormat();
  const query = useGuestTicket(ticket, ticketKey);
  const badLink = query.error instanceof ApiError && query.error.body.code === 'GUEST_TICKET_LINK';
  const row = query.data?.ticket;

  if (badLink || (query.isError && !query.data && query.error instanceof ApiError && query.error.status === 400)) {
    return (
      <Stack gap="md" maw={900} mx="auto" w="100%">
        <PageHeader title={t('title')} />
        <Paper withBorder radius="md" p="md">
          <EmptyState
            icon="ticket"
            title={t('guest.bad_link_title')}
            body={t('guest.bad_link_body')}
            action={
              <Button component={Link} to="/tickets" variant="light">
                {t('guest.new_ticket')}
              </Button>
            }
          />
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={900} mx="auto" w="100%">
      <QueryState query={query} loadingLabel={t('loading_ticket')} skeleton={6}>
        {row && query.data && (
          <>
            <PageHeader
              title={`#${row.ticket} ${row.title}`}
              subtitle={t('ticket.opened_at', { name: row.created_by_name || row.created_by, date: date(row.created_at) })}
            />
            <Group gap={6}>
              <PriorityBadge priority={row.priority} />
              <StatusBadge status={row.status} />
            </Group>
            <TicketConversation comments={query.data.comments} showImages={false} />
            {row.status === 'closed' ? (
              <Alert color="gray" variant="light" icon={<Icon name="info" size={18} />}>
                {t('guest.closed_note')}
              </Alert>
            ) : (
              <Paper withBorder radius="md" p="md">
                <GuestReply ticket={row.ticket} ticketKey={ticketKey} />
              </Paper>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
