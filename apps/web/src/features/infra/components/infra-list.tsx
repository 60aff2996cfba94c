/**
 * The frame of each infrastructure tab: the search box (applied a moment after typing stops),
 * the Register button, then the list's loading, error and empty states, the number of matches, the
 * caller's table (scrolling sideways on a narrow screen) and the pager. A page left empty steps back.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { TIMING } from '@portside/contract/constants';
import { INFRA_PAGE_SIZE } from '@portside/contract/schemas/infra';
import type { Counted } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import type { InfraListParams } from '../api/infra-page-query';

export interface InfraListProps<T> {
  /** 'clusters', 'bmcs' or 'routers': picks the texts. */
  kind: 'clusters' | 'bmcs' | 'routers';
  useRows: (p: InfraListParams) => UseQueryResult<Counted<T>>;
  onRegister: () => void;
  children: (rows: T[]) => ReactNode;
}

export function InfraList<T>({ kind, useRows, onRegister, children }: InfraListProps<T>) {
  const { t } = useTranslation('infra');
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [search]);
  const query = useRows({ page, search });
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / INFRA_PAGE_SIZE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const searching = search.trim().length >= 2;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t(`search.label_${kind}`)}
          placeholder={t(`search.${kind}`)}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          leftSection={<Icon name="search" size={16} />}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Button leftSection={<Icon name="plus" size={16} />} onClick={onRegister}>
          {t(`register.open_${kind}`)}
        </Button>
      </Group>
      <QueryState
        query={query}
        loadingLabel={t(`list.loading_${kind}`)}
        isEmpty={() => rows.length === 0}
        empty={
          <Paper withBorder radius="md" p="md">
            {searching ? (
              <EmptyState title={t('list.no_match_title')} body={t('list.no_match_body')} />
            ) : (
              <EmptyState title={t(`list.empty_${kind}_title`)} body={t(`list.empty_${kind}_body`)} />
            )}
          </Paper>
        }
      >
        <Text size="sm" role="status">
          {t('list.count', { count: total })}
        </Text>
        <ScrollArea type="auto" offsetScrollbars>
          {children(rows)}
        </ScrollArea>
        {pages > 1 && (
          <Group justify="center">
            <Pager page={page} pages={pages} onChange={setPage} label={t(`list.pager_${kind}`)} />
          </Group>
        )}
      </QueryState>
    </Stack>
  );
}
