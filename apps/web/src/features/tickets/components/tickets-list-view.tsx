/**
 * The list of /tickets for a logged-in user: the account's tickets (staff: the queue of every
 * account), filtered to 'opened by me' (staff: 'assigned to me') or all, closed ones hidden unless
 * asked for, a page at a time. When reading the list again fails, the last list stays on screen
 * under the spec's 'Failed to load updated ticket list'.
 */
import { useEffect } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { TICKETS_PAGE_SIZE, useTickets, type TicketFilters } from '../api/get-tickets';
import type { TicketScope } from '../lib/ticket-scope';
import { TicketList } from './ticket-list';

export interface TicketsListViewProps {
  scope: TicketScope;
  userId: string;
  filters: TicketFilters;
  page: number;
  onFilters: (filters: TicketFilters) => void;
  onPage: (page: number) => void;
  /** Opens the 'New ticket' dialog (customers). */
  onNewTicket?: () => void;
}

export function TicketsListView({ scope, userId, filters, page, onFilters, onPage, onNewTicket }: TicketsListViewProps) {
  const { t } = useTranslation('tickets');
  const staff = scope === 'staff';
  const list = useTickets(scope, filters, userId, page);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE));
  // Tickets closed elsewhere can leave the last page empty: step back.
  useEffect(() => {
    if (list.data && page > pages) onPage(pages);
  }, [list.data, page, pages, onPage]);

  const mineLabel = staff ? t('filters.assigned_to_me') : t('filters.opened_by_me');
  return (
    <Stack gap="md" maw={1000}>
      <PageHeader
        title={t('title')}
        subtitle={staff ? t('staff_subtitle') : t('subtitle')}
        actions={
          onNewTicket && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={onNewTicket}>
              {t('new_ticket')}
            </Button>
          )
        }
      />
      <Group gap="md" wrap="wrap" role="group" aria-label={t('filters.label')}>
        <SegmentedControl
          aria-label={t('filters.whose')}
          value={filters.mine ? 'mine' : 'all'}
          onChange={(v) => onFilters({ ...filters, mine: v === 'mine' })}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'mine', label: mineLabel },
          ]}
        />
        <Switch
          label={t('filters.show_closed')}
          checked={filters.showClosed}
          onChange={(e) => onFilters({ ...filters, showClosed: e.currentTarget.checked })}
        />
        <Button
          variant="subtle"
          size="xs"
          leftSection={<Icon name="refresh" size={14} />}
          loading={list.isFetching}
          onClick={() => void list.refetch()}
        >
          {t('refresh')}
        </Button>
      </Group>
      {list.isError && list.data && (
        <Alert color="red" variant="light" role="alert" title={t('reload_failed')}>
          {t('reload_failed_body')}
        </Alert>
      )}
      <QueryState
        // With rows on screen a failed reload is the alert above, not an error in their place.
        query={{
          isPending: list.isPending,
          error: list.data ? null : list.error,
          refetch: list.refetch,
          isFetching: list.isFetching,
        }}
        loadingLabel={t('loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <Paper withBorder radius="md" p="md">
            <EmptyState
              icon="ticket"
              title={filters.showClosed ? t('empty.title_all') : t('empty.title_open')}
              body={staff ? t('empty.body_staff') : t('empty.body')}
              action={
                onNewTicket && (
                  <Button variant="light" onClick={onNewTicket}>
                    {t('new_ticket')}
                  </Button>
                )
              }
            />
          </Paper>
        }
      >
        <Text size="sm" role="status">
          {t('list.count', { count: total })}
        </Text>
        <TicketList rows={rows} staff={staff} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={onPage} label={t('list.pages')} />
        </Group>
      </QueryState>
    </Stack>
  );
}
