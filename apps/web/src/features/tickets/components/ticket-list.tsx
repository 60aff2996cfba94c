/**
 * The tickets of a list page: each as a row that links to the ticket (`?ticket={id}`) with its
 * badges, who opened it (staff also see the account), the agent, the comments and the last
 * activity. A list of rows rather than a table, so it reads at 390 px as well as on a desktop.
 */
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { TicketRow } from '@portside/contract/schemas/support';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PriorityBadge, ReplyBadge, StatusBadge } from './ticket-badges';

/**
 * The address of a ticket's page (the route has no parameter: links in e-mails use the query).
 * `from` is the list's own query (its filters and page), kept so 'Back to tickets' returns to it.
 */
export function ticketHref(ticket: number, from = ''): string {
  const query = new URLSearchParams(from);
  query.delete('new');
  query.set('ticket', String(ticket));
  return `/tickets?${query.toString()}`;
}

/** The list's address from a ticket page's query: the same filters and page, without the ticket. */
export function listHref(from: string): string {
  const query = new URLSearchParams(from);
  query.delete('ticket');
  query.delete('new');
  const rest = query.toString();
  return rest ? `/tickets?${rest}` : '/tickets';
}

function TicketItem({ row, staff }: { row: TicketRow; staff: boolean }) {
  const { t } = useTranslation('tickets');
  const { search } = useLocation();
  const date = useDateFormat();
  const who = staff && row.client_name ? `${row.created_by_name} (${row.client_name})` : row.created_by_name;
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Anchor component={Link} to={ticketHref(row.ticket, search)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {`#${row.ticket} ${row.title}`}
          </Anchor>
          <Group gap={6} wrap="wrap">
            <ReplyBadge answered={row.answered} status={row.status} staff={staff} />
            <PriorityBadge priority={row.priority} />
            <StatusBadge status={row.status} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('list.opened_by', { name: who || row.created_by })}
          {staff && !row.client && ` · ${t('list.visitor')}`}
          {' · '}
          {row.agent_name ? t('list.agent', { name: row.agent_name }) : t('list.unassigned')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('list.activity', { count: row.comments, date: date(row.last_activity_at) })}
        </Text>
      </Stack>
    </Paper>
  );
}

export function TicketList({ rows, staff }: { rows: readonly TicketRow[]; staff: boolean }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <TicketItem key={row.ticket} row={row} staff={staff} />
      ))}
    </Stack>
  );
}
