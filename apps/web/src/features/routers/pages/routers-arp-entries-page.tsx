/**
 * /routers-arp-entries (claim menu-see-routers-arp-entries, gated in route-pages): the routers'
 * ARP tables as last read, one router or all, a page at a time, searchable by IP or MAC.
 */
import { useCallback, useEffect, useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { ROUTERS_PAGE_SIZE } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useArpEntries } from '../api/get-arp-entries';
import { ArpTable } from '../components/arp-table';
import { SearchBox } from '../components/search-box';
import { searchText } from '../lib/search';

export default function RoutersArpEntriesPage() {
  const { t } = useTranslation('routers');
  const [router, setRouter] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const arp = useArpEntries(router, search, page);
  const rows = arp.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((arp.data?.total ?? rows.length) / ROUTERS_PAGE_SIZE));
  // The routers to choose from are those of the entries seen (the ARP claim does not read /api/Routers).
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const data = arp.data;
  useEffect(() => {
    const seen = data?.rows ?? [];
    if (seen.some((r) => !known.has(r.router)))
      setKnown(new Map([...known, ...seen.map((r) => [r.router, r.router_name] as const)]));
  }, [data, known]);
  useEffect(() => {
    if (page > pages && arp.data) setPage(pages);
  }, [page, pages, arp.data]);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('arp.title')} subtitle={t('arp.subtitle')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('arp.router')}
          data={[
            { value: '', label: t('arp.all_routers') },
            ...[...known].map(([id, name]) => ({ value: String(id), label: name })),
          ]}
          value={router === null ? '' : String(router)}
          onChange={(v) => {
            setRouter(v ? Number(v) : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
          maw="100%"
        />
        <SearchBox label={t('arp.search_label')} placeholder={t('arp.search_placeholder')} onSearch={onSearch} />
      </Group>
      <QueryState
        query={arp}
        loadingLabel={t('arp.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon="router"
            title={t('arp.empty')}
            body={searchText(search) ? t('ips.empty_search', { search: searchText(search) }) : t('arp.empty_hint')}
          />
        }
      >
        <ArpTable rows={rows} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('arp.pages')} />
        </Group>
      </QueryState>
    </Stack>
  );
}
