/**
 * An IP set's entries (GetIPsFromIpset, up to 1000): the form to add more, then the entries 50 a
 * page with a filter, a selection that survives paging, and 'Remove selected' with a confirmation.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { LIMITS } from '@portside/contract/constants';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useIpsetIps } from '../api/get-ipset-ips';
import { canonicalEntry } from '../lib/ip-list-check';
import { pageOf } from '../lib/list-filter';
import { AddIpsForm } from './add-ips-form';
import { IpsetIpsTable } from './ipset-ips-table';
import { RemoveIpsDialog } from './remove-ips-dialog';

/** Entries per page. */
const PAGE_SIZE = 50;

export interface IpsetIpsPanelProps {
  ipset: number;
  withMyIps: boolean;
}

export function IpsetIpsPanel({ ipset, withMyIps }: IpsetIpsPanelProps) {
  const { t } = useTranslation('network');
  const ips = useIpsetIps(ipset);
  const [phrase, setPhrase] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string[]>([]);
  const deferred = useDeferredValue(phrase);
  const rows = useMemo(() => ips.data ?? [], [ips.data]);
  const inSet = useMemo(() => new Set(rows.map((r) => canonicalEntry(r.ip))), [rows]);
  // An address filter is matched as typed ('10.0.' finds 10.0.0.0/8 and 10.0.3.4); one character is enough.
  const matching = useMemo(() => {
    const p = deferred.trim().toLowerCase();
    return p.length === 0 ? rows : rows.filter((r) => r.ip.toLowerCase().includes(p));
  }, [rows, deferred]);
  const shown = pageOf(matching, page, PAGE_SIZE);
  // Entries removed meanwhile (another tab) leave the selection.
  const chosen = rows.filter((r) => selected.has(r.ip)).map((r) => r.ip);

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="ipset-ips-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4" id="ipset-ips-title">
            {t('ips.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ips.count', { count: rows.length, max: LIMITS.ipsPerSet })}
          </Text>
        </Group>
        <AddIpsForm ipset={ipset} inSet={inSet} withMyIps={withMyIps} />
        <Divider />
        <QueryState
          query={ips}
          loadingLabel={t('ips.loading')}
          isEmpty={() => rows.length === 0}
          empty={<EmptyState icon="list" title={t('ips.empty.title')} body={t('ips.empty.body')} />}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
              <TextInput
                label={t('ips.filter_label')}
                placeholder="10.0."
                leftSection={<Icon name="search" size={16} />}
                value={phrase}
                onChange={(e) => {
                  setPhrase(e.currentTarget.value);
                  setPage(1);
                }}
                type="search"
                maw={300}
                style={{ flex: '1 1 200px' }}
              />
              {chosen.length > 0 && (
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" c="dimmed" role="status">
                    {t('ips.selected', { count: chosen.length })}
                  </Text>
                  <Button variant="default" size="sm" onClick={() => setSelected(new Set())}>
                    {t('ips.clear_selection')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="sm"
                    leftSection={<Icon name="trash" size={16} />}
                    onClick={() => setRemoving(chosen)}
                  >
                    {t('ips.remove_selected')}
                  </Button>
                </Group>
              )}
            </Group>
            {matching.length === 0 ? (
              <Text size="sm" c="dimmed" role="status">
                {t('ips.no_match', { phrase: deferred.trim() })}
              </Text>
            ) : (
              <IpsetIpsTable rows={shown.rows} selected={selected} onSelect={setSelected} />
            )}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {matching.length === rows.length
                  ? t('ips.summary', { count: rows.length })
                  : t('ips.summary_filtered', { shown: matching.length, count: rows.length })}
              </Text>
              <Pager page={shown.page} pages={shown.pages} onChange={setPage} label={t('ips.page_label')} />
            </Group>
          </Stack>
        </QueryState>
      </Stack>
      <RemoveIpsDialog ipset={ipset} ips={removing} onClose={() => setRemoving([])} onRemoved={() => setSelected(new Set())} />
    </Paper>
  );
}
