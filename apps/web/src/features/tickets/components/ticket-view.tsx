/**
 * A ticket's page for a logged-in user (`/tickets?ticket={id}`): its title, badges and facts, the
 * controls (priority, close or reopen, and for staff the agent), the conversation with its
 * attachments, and the reply box (a closed ticket is reopened first). Live messages of the
 * 'tickets' hub refresh it (the page subscribes).
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useTicket, useTicketComments } from '../api/get-ticket';
import type { TicketScope } from '../lib/ticket-scope';
import { PriorityBadge, ReplyBadge, StatusBadge } from './ticket-badges';
import { ReplyForm } from './reply-form';
import { TicketControls } from './ticket-controls';
import { TicketConversation } from './ticket-conversation';
import { listHref } from './ticket-list';

export interface TicketViewProps {
  scope: TicketScope;
  ticketId: number;
  userId: string;
}

function BackLink() {
  const { t } = useTranslation('tickets');
  const { search } = useLocation();
  return (
    <Anchor component={Link} to={listHref(search)} size="sm">
      {t('back_to_list')}
    </Anchor>
  );
}

export function TicketView({ scope, ticketId, userId }: TicketViewProps) {
  const { t } = useTranslation('tickets');
  const date = useDateFormat();
  const staff = scope === 'staff';
  const ticket = useTicket(scope, ticketId);
  const comments = useTicketComments(scope, ticketId);
  const row = ticket.data;

  if (ticket.isSuccess && row === null) {
    return (
      <Stack gap="md" maw={900}>
        <BackLink />
        <PageHeader title={t('title')} />
        <Paper withBorder radius="md" p="md">
          <EmptyState
            icon="ticket"
            title={t('not_found.title', { ticket: ticketId })}
            body={t('not_found.body')}
            action={
              <Button component={Link} to="/tickets" variant="light">
                {t('back_to_list')}
              </Button>
            }
          />
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={900}>
      <BackLink />
      {(ticket.isError || comments.isError) && row && comments.data && (
        <Alert color="red" variant="light" role="alert" title={t('reload_ticket_failed')}>
          {t('reload_failed_body_ticket')}
        </Alert>
      )}
      {/* A failed reload (after a live message) keeps the conversation on screen under the alert. */}
      <QueryState
        query={[ticket, comments].map((q) => ({
          isPending: q.isPending,
          error: q.data === undefined ? q.error : null,
          refetch: q.refetch,
          isFetching: q.isFetching,
        }))}
        loadingLabel={t('loading_ticket')}
        skeleton={6}
      >
        {row && (
          <>
            <PageHeader
              title={`#${row.ticket} ${row.title}`}
              subtitle={
                staff && row.client_name
                  ? t('ticket.of_account', { name: row.created_by_name || row.created_by, account: row.client_name })
                  : t('ticket.opened_at', { name: row.created_by_name || row.created_by, date: date(row.created_at) })
              }
            />
            <Group gap={6} wrap="wrap">
              <ReplyBadge answered={row.answered} status={row.status} staff={staff} />
              <PriorityBadge priority={row.priority} />
              <StatusBadge status={row.status} />
              {staff && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.created_by}
                </Text>
              )}
            </Group>
            <Paper withBorder radius="md" p="md">
              <TicketControls ticket={row} staff={staff} userId={userId} />
            </Paper>
            <TicketConversation comments={comments.data ?? []} showImages />
            {row.status === 'closed' ? (
              <Alert color="gray" variant="light" icon={<Icon name="info" size={18} />}>
                {t('ticket.closed_note', { date: date(row.closed_at) })}
              </Alert>
            ) : (
              <Paper withBorder radius="md" p="md">
                <ReplyForm ticket={row.ticket} staff={staff} />
              </Paper>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
