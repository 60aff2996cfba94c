/**
 * The reference lists the offers are built from, one tab each: processors (ServersCPUFamilies),
 * chassis (ServersModels), disk types (ServersDiskTypes) and disk sets (ServerDiskSets), each with
 * how many offers (and servers or disks) use an entry. Short lists, read whole when their tab opens.
 */
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useServersCpuFamilies } from '../api/get-cpu-families';
import { useServerDiskSets } from '../api/get-disk-sets';
import { useServersDiskTypes } from '../api/get-disk-types';
import { useServersModels } from '../api/get-server-models';
import { diskSetText, diskSize } from '../lib/pricelist-query';

/** One reference list: its states and a table with the given header and rows. */
function ReferenceTable<T>(p: { name: string; query: UseQueryResult<T[]>; head: string[]; row: (item: T) => ReactNode }) {
  const { t } = useTranslation('dedprices');
  const rows = p.query.data ?? [];
  return (
    <QueryState
      query={p.query}
      loadingLabel={t('reference.loading', { name: p.name })}
      isEmpty={() => rows.length === 0}
      empty={<EmptyState icon="list" title={t('reference.empty', { name: p.name })} />}
    >
      <Table.ScrollContainer minWidth={340}>
        <Table striped verticalSpacing="xs" fz="sm" aria-label={p.name}>
          <Table.Thead>
            <Table.Tr>
              {p.head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows.map(p.row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </QueryState>
  );
}

const unknown = (v: number | string | null, t: (k: string) => string) => (v === null ? t('reference.unknown') : v);

export function CpuFamiliesList() {
  const { t } = useTranslation('dedprices');
  return (
    <ReferenceTable
      name={t('tabs.cpus')}
      query={useServersCpuFamilies()}
      head={[
        t('reference.name'),
        t('reference.vendor'),
        t('reference.cores_threads'),
        t('reference.generation'),
        t('reference.offers'),
      ]}
      row={(c) => (
        <Table.Tr key={c.id}>
          <Table.Td>{c.name}</Table.Td>
          <Table.Td>{c.vendor}</Table.Td>
          <Table.Td>{c.cores === null ? t('reference.unknown') : `${c.cores} / ${unknown(c.threads, t)}`}</Table.Td>
          <Table.Td>{unknown(c.generation, t)}</Table.Td>
          <Table.Td>{c.offers}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function ModelsList() {
  const { t } = useTranslation('dedprices');
  return (
    <ReferenceTable
      name={t('tabs.models')}
      query={useServersModels()}
      head={[
        t('reference.name'),
        t('reference.form_factor'),
        t('reference.drive_bays'),
        t('reference.max_ram'),
        t('reference.offers'),
        t('reference.servers'),
      ]}
      row={(m) => (
        <Table.Tr key={m.id}>
          <Table.Td>
            <Text size="sm">{`${m.vendor} ${m.name}`}</Text>
          </Table.Td>
          <Table.Td>{unknown(m.form_factor, t)}</Table.Td>
          <Table.Td>{unknown(m.drive_bays, t)}</Table.Td>
          <Table.Td>{m.max_ram_gb === null ? t('reference.unknown') : t('reference.up_to_gb', { gb: m.max_ram_gb })}</Table.Td>
          <Table.Td>{m.offers}</Table.Td>
          <Table.Td>{m.servers}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function DiskTypesList() {
  const { t } = useTranslation('dedprices');
  return (
    <ReferenceTable
      name={t('tabs.disk_types')}
      query={useServersDiskTypes()}
      head={[t('reference.media_type'), t('reference.interface'), t('reference.disks')]}
      row={(d) => (
        <Table.Tr key={d.kind}>
          <Table.Td>{d.kind}</Table.Td>
          <Table.Td>{d.interface}</Table.Td>
          <Table.Td>{d.disks}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function DiskSetsList() {
  const { t } = useTranslation('dedprices');
  return (
    <ReferenceTable
      name={t('tabs.disk_sets')}
      query={useServerDiskSets()}
      head={[t('reference.disks_set'), t('reference.total'), t('reference.offers')]}
      row={(d) => (
        <Table.Tr key={d.id}>
          <Table.Td>{diskSetText(d.parts)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{diskSize(d.total_gb)}</Table.Td>
          <Table.Td>{d.offers}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
