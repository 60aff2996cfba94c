/**
 * The frame of a long list a page at a time (staff and finance lists): loading, error and empty
 * states, how many rows match, and the pager, around the caller's table. A page left empty (its
 * last row gone) steps back.
 */
import { useEffect, type ReactNode } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Counted } from '../api/client';
import { Pager } from './pager';
import { EmptyState, QueryState } from './query-state';

export interface PagedListProps<T> {
  query: UseQueryResult<Counted<T>>;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  loadingLabel: string;
  emptyTitle: string;
  emptyBody: string;
  /** 'N matches' in the list's own words. */
  countLabel: (total: number) => string;
  /** Name of the pager's navigation. */
  pagerLabel: string;
  children: (rows: T[]) => ReactNode;
}

export function PagedList<T>(p: PagedListProps<T>) {
  const rows = p.query.data?.rows ?? [];
  const total = p.query.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / p.pageSize));
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
          <EmptyState icon="search" title={p.emptyTitle} body={p.emptyBody} />
        </Paper>
      }
    >
      <Text size="sm" role="status">
        {p.countLabel(total)}
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
