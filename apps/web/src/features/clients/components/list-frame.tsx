/**
 * The frame of every staff list (issue 18): loading, error and empty states, the number of
 * matches and the pager, around the caller's table. A page left empty (its last row gone) steps back.
 */
import { useEffect, type ReactNode } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { STAFF_PAGE_SIZE } from '@portside/contract/schemas/clients';
import type { Counted } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';

export interface ListFrameProps<T> {
  query: UseQueryResult<Counted<T>>;
  page: number;
  onPage: (page: number) => void;
  loadingLabel: string;
  emptyTitle: string;
  emptyBody: string;
  /** Name of the pager's navigation. */
  pagerLabel: string;
  children: (rows: T[]) => ReactNode;
}

export function ListFrame<T>(p: ListFrameProps<T>) {
  const { t } = useTranslation('clients');
  const rows = p.query.data?.rows ?? [];
  const total = p.query.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
  const { page, onPage } = p;
  useEffect(() => {
    if (page > pages) onPage(pages);
  }, [page, pages, onPage]);
  return (
    <QueryState
      query={p.query}
      loadingLabel={p.loadingLabel}
      isEmpty={() => rows.length === 0}
      empty={
        <Paper withBorder radius="md" p="md">
          <EmptyState title={p.emptyTitle} body={p.emptyBody} />
        </Paper>
      }
    >
      <Text size="sm" role="status">
        {t('list.count', { count: total })}
      </Text>
      {p.children(rows)}
      {pages > 1 && (
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={onPage} label={p.pagerLabel} />
        </Group>
      )}
    </QueryState>
  );
}
