/**
 * The account's own addresses: each with a copy button, its comment, whether it was added by hand
 * or seen at a sign-in, when last seen, and delete. The address this browser signed in from is
 * marked.
 */
import { Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { MyIpRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { canonicalEntry } from '../lib/ip-list-check';
import { RowRemoveButton } from '../../../shared/ui/row-remove-button';
import { CopyValue } from './copy-value';

export interface MyIpsTableProps {
  rows: readonly MyIpRow[];
  /** The address this browser's session signed in from (canonical), if known. */
  here: string | null;
  onDelete: (row: MyIpRow) => void;
}

export function MyIpsTable({ rows, here, onDelete }: MyIpsTableProps) {
  const { t } = useTranslation('network');
  const formatDate = useDateFormat();
  const source = (r: MyIpRow) => (
    <Badge variant="light" color={r.source === 'login' ? 'gray' : 'blue'} style={{ minWidth: 'max-content' }}>
      {r.source === 'login' ? t('my_ips.source_login') : t('my_ips.source_manual')}
    </Badge>
  );

  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" aria-label={t('my_ips.table_label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('my_ips.address')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('my_ips.comment')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('my_ips.source')}</Table.Th>
            <Table.Th visibleFrom="md">{t('my_ips.last_seen')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('ipsets.table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="my-ip-row">
              <Table.Td>
                <Stack gap={2}>
                  <CopyValue value={r.address} label={t('my_ips.copy', { address: r.address })} />
                  {here !== null && canonicalEntry(r.address) === here && (
                    <Group gap={4}>
                      <Badge variant="light" color="green" style={{ minWidth: 'max-content' }}>
                        {t('my_ips.this_browser')}
                      </Badge>
                    </Group>
                  )}
                  <Stack gap={2} hiddenFrom="sm">
                    {r.comment && (
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {r.comment}
                      </Text>
                    )}
                    <Group gap={4}>{source(r)}</Group>
                  </Stack>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" c={r.comment ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {r.comment || '—'}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{source(r)}</Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" c={r.last_seen_at ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                  {r.last_seen_at ? formatDate(r.last_seen_at) : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowRemoveButton label={t('my_ips.delete_button', { address: r.address })} onClick={() => onDelete(r)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
