/**
 * The badges of a ticket: its priority (high stands out), its status (open, closed, or a visitor's
 * ticket not confirmed yet) and the 'answered' marker (the provider's reply is the last word).
 */
import { Badge } from '@mantine/core';
import type { TicketPriority, TicketStatus } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';

const PRIORITY_COLOR: Record<TicketPriority, string> = { low: 'gray', normal: 'blue', high: 'red' };
const STATUS_COLOR: Record<TicketStatus, string> = { unconfirmed: 'yellow', open: 'green', closed: 'gray' };

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge color={PRIORITY_COLOR[priority]} variant="light" size="sm">
      {t('priority_badge', { priority: t(`priority.${priority}`) })}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge color={STATUS_COLOR[status]} variant={status === 'open' ? 'light' : 'outline'} size="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * Who has a reply to write: a customer sees 'Answered' when the provider's reply is the last word;
 * staff see 'Awaiting reply' on an open ticket whose last word is the customer's.
 */
export function ReplyBadge({ answered, status, staff }: { answered: boolean; status: TicketStatus; staff: boolean }) {
  const { t } = useTranslation('tickets');
  if (staff ? answered || status !== 'open' : !answered) return null;
  return (
    <Badge color={staff ? 'orange' : 'teal'} variant="light" size="sm">
      {staff ? t('awaiting_reply') : t('answered')}
    </Badge>
  );
}
