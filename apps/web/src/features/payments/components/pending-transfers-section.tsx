/**
 * /billing for finance and staff (issue 5): the bank transfers of every account awaiting
 * confirmation, oldest first, a page at a time, searchable by reference; 'Mark received' confirms
 * one after a dialog, and the list reloads.
 */
import { useEffect, useState } from 'react';
import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TIMING } from '@portside/contract/constants';
import { PENDING_TRANSFERS_PAGE_SIZE, type PendingBankTransfer } from '@portside/contract/schemas/payments';
import { Icon } from '../../../shared/ui/icons';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { referenceSearch, usePendingBankTransfers } from '../api/get-pending-bank-transfers';
import { MarkReceivedDialog } from './mark-received-dialog';
import { PendingTransfersTable } from './pending-transfers-table';

export function PendingTransfersSection() {
  const { t } = useTranslation('payments');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TIMING.searchDebounceMs);
  const [marking, setMarking] = useState<PendingBankTransfer | null>(null);
  const transfers = usePendingBankTransfers(page, debounced);
  const rows = transfers.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((transfers.data?.total ?? rows.length) / PENDING_TRANSFERS_PAGE_SIZE));
  const searching = referenceSearch(debounced) !== '';

  useEffect(() => {
    // The last transfer of the last page was marked: show the page before.
    if (page > pages && transfers.data) setPage(pages);
  }, [page, pages, transfers.data]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-transfers-title">
      <div>
        <Title order={2} fz="h4" id="pending-transfers-title">
          {t('pending.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('pending.intro')}
        </Text>
      </div>
      <TextInput
        label={t('pending.search_label')}
        placeholder={t('pending.search_placeholder')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={320}
        leftSection={<Icon name="search" size={16} />}
      />
      <QueryState
        query={transfers}
        loadingLabel={t('pending.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon="billing"
            title={t('pending.empty')}
            body={searching ? t('pending.empty_search', { search: referenceSearch(debounced) }) : t('pending.empty_hint')}
          />
        }
      >
        <PendingTransfersTable rows={rows} onMark={setMarking} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('pending.pages')} />
        </Group>
      </QueryState>
      <MarkReceivedDialog transfer={marking} onClose={() => setMarking(null)} />
    </Stack>
  );
}
