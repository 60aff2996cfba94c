/**
 * What can be changed on a ticket: its priority, closing it (after a confirmation) or reopening
 * it, and for staff its agent — picked from GetSupportStaff, 'Assign to me', or unassigned.
 * Customers see the agent's name only.
 */
import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { TICKET_PRIORITIES, type TicketRow } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSupportStaff } from '../api/get-support-staff';
import { useUpdateTicket } from '../api/update-ticket';

/** The agent choice for 'nobody' (a uuid is never this). */
const UNASSIGNED = 'none';

export interface TicketControlsProps {
  ticket: TicketRow;
  staff: boolean;
  /** The logged-in user's id ('Assign to me'). */
  userId: string;
}

export function TicketControls({ ticket, staff, userId }: TicketControlsProps) {
  const { t } = useTranslation(['tickets', 'common']);
  const update = useUpdateTicket();
  const agents = useSupportStaff(staff);
  const [confirmClose, setConfirmClose] = useState(false);
  const closed = ticket.status === 'closed';
  const isAgent = (agents.data ?? []).some((a) => a.agent === userId);

  const change = (body: Omit<Parameters<typeof update.mutate>[0], 'p_ticket'>, done?: string) =>
    update.mutate({ p_ticket: ticket.ticket, ...body }, { onSuccess: () => done && notifySuccess(done) });

  const agentOptions = [
    { value: UNASSIGNED, label: t('tickets:controls.unassigned') },
    ...(agents.data ?? []).map((a) => ({ value: a.agent, label: a.name })),
  ];
  // The current agent stays selectable while the list loads (or after they left the team).
  if (ticket.agent && !agentOptions.some((o) => o.value === ticket.agent))
    agentOptions.push({ value: ticket.agent, label: ticket.agent_name ?? ticket.agent });

  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('tickets:controls.priority')}
          data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets:priority.${p}`) }))}
          value={ticket.priority}
          allowDeselect={false}
          disabled={closed || update.isPending}
          onChange={(v) => v && v !== ticket.priority && change({ p_priority: v })}
          w={160}
        />
        {staff ? (
          <>
            <Select
              label={t('tickets:controls.agent')}
              data={agentOptions}
              value={ticket.agent ?? UNASSIGNED}
              allowDeselect={false}
              disabled={update.isPending}
              onChange={(v) =>
                v !== null && v !== (ticket.agent ?? UNASSIGNED) && change({ p_agent: v === UNASSIGNED ? null : v })
              }
              w={220}
            />
            {ticket.agent !== userId && isAgent && (
              <Button variant="light" onClick={() => change({ p_agent: userId })} loading={update.isPending}>
                {t('tickets:controls.assign_to_me')}
              </Button>
            )}
          </>
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('tickets:controls.agent')}
            </Text>
            <Text size="sm">{ticket.agent_name ?? t('tickets:controls.not_assigned_yet')}</Text>
          </Stack>
        )}
        {closed ? (
          <Button variant="default" onClick={() => change({ p_status: 'open' }, t('tickets:controls.reopened'))}>
            {t('tickets:controls.reopen')}
          </Button>
        ) : (
          <Button variant="default" color="red" onClick={() => setConfirmClose(true)}>
            {t('tickets:controls.close')}
          </Button>
        )}
      </Group>
      {update.error && !confirmClose && <ErrorAlert error={update.error} />}
      <ConfirmDialog
        opened={confirmClose}
        title={t('tickets:controls.close_title', { ticket: ticket.ticket })}
        confirmLabel={t('tickets:controls.close_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        loading={update.isPending}
        error={update.error ? <ErrorAlert error={update.error} /> : undefined}
        onClose={() => {
          setConfirmClose(false);
          update.reset();
        }}
        onConfirm={() =>
          update.mutate(
            { p_ticket: ticket.ticket, p_status: 'closed' },
            {
              onSuccess: () => {
                setConfirmClose(false);
                notifySuccess(t('tickets:controls.closed', { ticket: ticket.ticket }));
              },
            },
          )
        }
      >
        <Text size="sm">{t('tickets:controls.close_body')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
