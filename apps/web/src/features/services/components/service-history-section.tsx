/**
 * A page of service history with its states: loading, error, empty, the table and the pager.
 * `equipmentId` limits it to one service; null shows the whole account's (with the service column).
 */
import { useState } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { SERVICES_HISTORY_PAGE_SIZE } from '@portside/contract/schemas/services';
import { ApiError } from '../../../shared/api/client';
import { Pager } from '../../../shared/ui/pager';
import { QueryState } from '../../../shared/ui/query-state';
import { useServicesHistory } from '../api/get-services-history';
import { HistoryTable } from './history-table';
import { HistoryCards } from './history-cards';

export function ServiceHistorySection({ equipmentId, emptyText }: { equipmentId: number | null; emptyText: string }) {
  const { t } = useTranslation('services');
  const [page, setPage] = useState(1);
  const history = useServicesHistory(equipmentId, page);
  const rows = history.data ?? [];
  const total = rows[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SERVICES_HISTORY_PAGE_SIZE));

  const emptyState = (
    <Text c="dimmed" ta="center" py="lg">
      {emptyText}
    </Text>
  );
  // A service that is not the account's has no history to show here.
  if (history.error instanceof ApiError && history.error.body.code === 'NotFound') return emptyState;
  return (
    <QueryState query={history} loadingLabel={t('loading')} isEmpty={() => rows.length === 0} empty={emptyState}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('history.count', { count: total })}
        </Text>
        <Box visibleFrom="sm">
          <HistoryTable rows={rows} withService={equipmentId === null} />
        </Box>
        <Box hiddenFrom="sm">
          <HistoryCards rows={rows} withService={equipmentId === null} />
        </Box>
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('history.pages_label')} />
        </Group>
      </Stack>
    </QueryState>
  );
}
