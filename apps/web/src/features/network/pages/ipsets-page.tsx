/**
 * /ipsets (spec 1 §2, claim menu-see-ipsets): the account's IP sets — lists of addresses and CIDR
 * blocks that firewall rules name as their source — with their size and the servers they are
 * attached to; a filter by name or comment, 20 a page, 'New IP set' and delete.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { IpsetRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useIpsetServers } from '../api/get-ipset-servers';
import { useIpsets } from '../api/get-ipsets';
import { CreateIpsetDialog } from '../components/create-ipset-dialog';
import { DeleteIpsetDialog } from '../components/delete-ipset-dialog';
import { IpsetsTable } from '../components/ipsets-table';
import { filterRows, pageOf } from '../lib/list-filter';

/** IP sets per page. */
const PAGE_SIZE = 20;

export default function IpsetsPage() {
  const { t } = useTranslation('network');
  const ipsets = useIpsets();
  const servers = useIpsetServers(null);
  const [phrase, setPhrase] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<IpsetRow | null>(null);
  const deferred = useDeferredValue(phrase);
  const all = useMemo(() => ipsets.data ?? [], [ipsets.data]);
  const matching = useMemo(() => filterRows(all, deferred, (r) => [r.name, r.comment]), [all, deferred]);
  const shown = pageOf(matching, page, PAGE_SIZE);
  const namesBySet = useMemo(() => {
    const out = new Map<number, string[]>();
    for (const s of servers.data ?? []) out.set(s.ipset, [...(out.get(s.ipset) ?? []), s.server_name]);
    return out;
  }, [servers.data]);

  const newButton = (
    <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setCreating(true)}>
      {t('ipsets.new')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('ipsets.title')} subtitle={t('ipsets.subtitle')} actions={newButton} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-label={t('ipsets.table.label')}>
        <QueryState
          query={[ipsets, servers]}
          loadingLabel={t('ipsets.loading')}
          isEmpty={() => all.length === 0}
          empty={
            <EmptyState
              icon="shield"
              title={t('ipsets.empty.title')}
              body={t('ipsets.empty.body')}
              action={
                <Button variant="light" onClick={() => setCreating(true)}>
                  {t('ipsets.new')}
                </Button>
              }
            />
          }
        >
          <Stack gap="sm">
            <TextInput
              label={t('ipsets.filter_label')}
              placeholder={t('ipsets.filter_placeholder')}
              leftSection={<Icon name="search" size={16} />}
              value={phrase}
              onChange={(e) => {
                setPhrase(e.currentTarget.value);
                setPage(1);
              }}
              maw={360}
              type="search"
            />
            {matching.length === 0 ? (
              <Text size="sm" c="dimmed" role="status">
                {t('ipsets.no_match', { phrase: deferred.trim() })}
              </Text>
            ) : (
              <IpsetsTable rows={shown.rows} serversOf={(id) => namesBySet.get(id) ?? []} onDelete={setToDelete} />
            )}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {matching.length === all.length
                  ? t('ipsets.summary', { count: all.length })
                  : t('ipsets.summary_filtered', { shown: matching.length, count: all.length })}
              </Text>
              <Pager page={shown.page} pages={shown.pages} onChange={setPage} label={t('ipsets.page_label')} />
            </Group>
          </Stack>
        </QueryState>
      </Paper>
      <CreateIpsetDialog opened={creating} onClose={() => setCreating(false)} />
      <DeleteIpsetDialog ipset={toDelete} servers={servers.data ?? []} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
