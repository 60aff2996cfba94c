/**
 * One page of an IP set's entries: a check box each (and one for the whole page), the address or
 * block, and when it was added. Pages are short, so a set of 1000 stays quick to draw.
 */
import { Checkbox, Table, Text } from '@mantine/core';
import type { IpsetEntry } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';

export interface IpsetIpsTableProps {
  rows: readonly IpsetEntry[];
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
}

export function IpsetIpsTable({ rows, selected, onSelect }: IpsetIpsTableProps) {
  const { t } = useTranslation('network');
  const formatDate = useDateFormat();
  const all = rows.length > 0 && rows.every((r) => selected.has(r.ip));
  const some = rows.some((r) => selected.has(r.ip));
  const toggle = (ip: string) => {
    const next = new Set(selected);
    if (next.has(ip)) next.delete(ip);
    else next.add(ip);
    onSelect(next);
  };
  const togglePage = () => {
    const next = new Set(selected);
    for (const r of rows) {
      if (all) next.delete(r.ip);
      else next.add(r.ip);
    }
    onSelect(next);
  };

  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing={6} highlightOnHover aria-label={t('ips.table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('ips.table.select_page')}
                checked={all}
                indeterminate={some && !all}
                onChange={togglePage}
              />
            </Table.Th>
            <Table.Th>{t('ips.table.ip')}</Table.Th>
            <Table.Th>{t('ips.table.added')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.ip} bg={selected.has(r.ip) ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                <Checkbox
                  aria-label={t('ips.table.select', { ip: r.ip })}
                  checked={selected.has(r.ip)}
                  onChange={() => toggle(r.ip)}
                />
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {r.ip}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(r.created_at, { style: 'date' })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
