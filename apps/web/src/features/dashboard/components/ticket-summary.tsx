/**
 * The dashboard's open tickets: each links to its page (`/tickets?ticket={id}`), with a marker when
 * support has answered and the priority when it is high; a line says how many more are open.
 */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { DashboardTicket } from '../api/get-dashboard-tickets';

export function TicketSummary({ tickets, total }: { tickets: readonly DashboardTicket[]; total: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {tickets.map((ticket) => (
        <Group component="li" key={ticket.ticket} justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={`/tickets?ticket=${ticket.ticket}`} fw={600} truncate miw={0}>
            #{ticket.ticket} {ticket.title}
          </Anchor>
          <Group gap={4} wrap="nowrap">
            {ticket.priority === 'high' && (
              <Badge size="xs" variant="light" color="red">
                {t('tickets.high')}
              </Badge>
            )}
            {ticket.answered && (
              <Badge size="xs" variant="light" color="teal">
                {t('tickets.answered')}
              </Badge>
            )}
          </Group>
        </Group>
      ))}
      {total > tickets.length && (
        <Text size="sm" c="dimmed" component="li">
          {t('tickets.more', { count: total - tickets.length })}
        </Text>
      )}
    </Stack>
  );
}
