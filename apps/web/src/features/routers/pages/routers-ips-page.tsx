/**
 * /routers-ips (claim menu-see-routers-ips, gated in route-pages): the addresses of one subnet
 * (chosen from the routers' subnets, or named by ?subnet= from /routers-subnets) a page at a time,
 * searchable by address, MAC, server, account or comment; per address: reserve it for a MAC,
 * change or release the reservation, give it to an account or take it back.
 */
import { useCallback, useEffect, useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ROUTERS_PAGE_SIZE, type RouterIpRow } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useRouterIps } from '../api/get-router-ips';
import { useRouterSubnets } from '../api/get-router-subnets';
import { IpConfirmDialog } from '../components/ip-confirm-dialog';
import { IpEditDialog } from '../components/ip-edit-dialog';
import { IpsTable, type IpAction } from '../components/ips-table';
import { SearchBox } from '../components/search-box';
import { searchText } from '../lib/search';

export default function RoutersIpsPage() {
  const { t } = useTranslation('routers');
  const [params, setParams] = useSearchParams();
  const subnets = useRouterSubnets();
  const list = subnets.data ?? [];
  const asked = Number(params.get('subnet'));
  const subnet = list.find((s) => s.id === asked)?.id ?? list[0]?.id ?? null;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ row: RouterIpRow; action: IpAction } | null>(null);
  const ips = useRouterIps(subnet, search, page);
  const rows = ips.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((ips.data?.total ?? rows.length) / ROUTERS_PAGE_SIZE));
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);

  useEffect(() => {
    if (page > pages && ips.data) setPage(pages);
  }, [page, pages, ips.data]);

  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title={t('ips.title')} subtitle={t('ips.subtitle')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('ips.subnet')}
          data={list.map((s) => ({ value: String(s.id), label: `${s.network} · ${s.router_name}` }))}
          value={subnet === null ? null : String(subnet)}
          onChange={(v) => {
            if (v) setParams({ subnet: v }, { replace: true });
            setPage(1);
          }}
          allowDeselect={false}
          disabled={list.length === 0}
          w={320}
          maw="100%"
        />
        <SearchBox label={t('ips.search_label')} placeholder={t('ips.search_placeholder')} onSearch={onSearch} />
      </Group>
      <QueryState
        query={subnet === null ? subnets : [subnets, ips]}
        loadingLabel={t('ips.loading')}
        isEmpty={() => subnet === null || rows.length === 0}
        empty={
          <EmptyState
            icon="router"
            title={subnet === null ? t('subnets.empty') : t('ips.empty')}
            body={
              subnet === null
                ? t('subnets.empty_hint')
                : searchText(search)
                  ? t('ips.empty_search', { search: searchText(search) })
                  : undefined
            }
          />
        }
      >
        <IpsTable rows={rows} onAction={(row, action) => setOpen({ row, action })} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('ips.pages')} />
        </Group>
      </QueryState>
      {open && (open.action === 'release' || open.action === 'unclient') && (
        <IpConfirmDialog row={open.row} mode={open.action} onClose={() => setOpen(null)} />
      )}
      {open && (open.action === 'assign' || open.action === 'comment' || open.action === 'client') && (
        <IpEditDialog row={open.row} mode={open.action} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
