/**
 * The IP sets of one page: name (a link to the set), comment, size, the servers it is attached to
 * and a delete button. On a phone the comment, size and servers show under the name.
 */
import { Anchor, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { IpsetRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { RowRemoveButton } from '../../../shared/ui/row-remove-button';

export interface IpsetsTableProps {
  rows: readonly IpsetRow[];
  /** The names of the servers each set is attached to, by set. */
  serversOf: (ipset: number) => readonly string[];
  onDelete: (row: IpsetRow) => void;
}

export function IpsetsTable({ rows, serversOf, onDelete }: IpsetsTableProps) {
  const { t } = useTranslation('network');
  const formatDate = useDateFormat();
  const serverText = (r: IpsetRow) => {
    const names = serversOf(r.ipset);
    if (r.server_count === 0) return t('ipsets.table.not_attached');
    return names.length ? names.join(', ') : t('ipsets.table.server_count', { count: r.server_count });
  };

  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('ipsets.table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ipsets.table.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('ipsets.table.comment')}</Table.Th>
            <Table.Th visibleFrom="sm" ta="right">
              {t('ipsets.table.size')}
            </Table.Th>
            <Table.Th visibleFrom="sm">{t('ipsets.table.servers')}</Table.Th>
            <Table.Th visibleFrom="md">{t('ipsets.table.created')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('ipsets.table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.ipset} data-testid="ipset-row">
              <Table.Td>
                <Anchor
                  component={Link}
                  to={buildPath('ipsets-item', { ipset_from_url: r.ipset })}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {r.name}
                </Anchor>
                <Stack gap={0} hiddenFrom="sm">
                  {r.comment && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {r.comment}
                    </Text>
                  )}
                  <Text size="xs">
                    {t('ipsets.size', { count: r.ip_count })} · {serverText(r)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" c={r.comment ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {r.comment || '—'}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('ipsets.size', { count: r.ip_count })}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" c={r.server_count ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {serverText(r)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(r.created_at, { style: 'date' })}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowRemoveButton label={t('delete.button', { name: r.name })} onClick={() => onDelete(r)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
