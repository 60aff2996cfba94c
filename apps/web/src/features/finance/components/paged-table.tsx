/**
 * A page of one of finance's lists (invoices, payments): loading and error states, the empty
 * state, how many rows the filter holds, the table in its keyboard-scrollable area, and the pager.
 * `ns` names the list's keys in the finance namespace (loading, empty_title, empty_body, count,
 * table, pages).
 */
import type { ReactNode } from 'react';
import { Group, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Counted } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { FINANCE_PAGE_SIZE } from '../lib/finance-query';
import { ScrollTable } from './scroll-table';

export interface PagedTableProps<T> {
  ns: 'invoices' | 'payments' | 'credit_notes';
  query: UseQueryResult<Counted<T>>;
  minWidth: number;
  page: number;
  onPage: (page: number) => void;
  /** The header cells. */
  head: ReactNode;
  /** One Table.Tr per row. */
  row: (item: T) => ReactNode;
}

export function PagedTable<T>({ ns, query, minWidth, page, onPage, head, row }: PagedTableProps<T>) {
  const { t } = useTranslation('finance');
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  return (
    <QueryState
      query={query}
      loadingLabel={t(`${ns}.loading`)}
      isEmpty={() => rows.length === 0}
      empty={<EmptyState icon="search" title={t(`${ns}.empty_title`)} body={t(`${ns}.empty_body`)} />}
    >
      <Text size="sm" role="status">
        {t(`${ns}.count`, { count: total })}
      </Text>
      <ScrollTable label={t(`${ns}.table`)} minWidth={minWidth}>
        <Table aria-label={t(`${ns}.table`)} verticalSpacing="xs" fz="sm" striped>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows.map(row)}</Table.Tbody>
        </Table>
      </ScrollTable>
      <Group justify="center">
        <Pager page={page} pages={Math.max(1, Math.ceil(total / FINANCE_PAGE_SIZE))} onChange={onPage} label={t(`${ns}.pages`)} />
      </Group>
    </QueryState>
  );
}
