/** A server's snapshots, oldest first: name, note, date, size, and roll back / delete. */
import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VmSnapshotRow } from '@portside/contract/schemas/vm-data';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useBytes } from '../../../shared/format/use-bytes';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { dataActionBlock } from '../lib/vm-data';
import type { SnapshotDialogKind } from './snapshot-dialogs';

export interface SnapshotsTableProps {
  vm: VmRow;
  rows: readonly VmSnapshotRow[];
  onAction: (kind: SnapshotDialogKind, snapshot: VmSnapshotRow) => void;
}

export function SnapshotsTable({ vm, rows, onAction }: SnapshotsTableProps) {
  const { t } = useTranslation('servers');
  const formatDate = useDateFormat();
  const bytes = useBytes();
  const rollbackBlock = dataActionBlock(vm, 'snapshot-rollback');
  const deleteBlock = dataActionBlock(vm, 'snapshot-delete');
  return (
    <Stack>
      {rollbackBlock && (
        <Text size="sm" c="dimmed">
          {t('snapshots.rollback.blocked', { reason: t(`blocked.${rollbackBlock}`) })}
        </Text>
      )}
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" aria-label={t('snapshots.table.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('snapshots.table.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('snapshots.table.note')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('snapshots.table.date')}</Table.Th>
              <Table.Th visibleFrom="md" ta="right">
                {t('snapshots.table.size')}
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('snapshots.table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.name}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {formatDate(s.created_at)}
                    {s.note ? ` · ${s.note}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                  {s.note}
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatDate(s.created_at)}</Table.Td>
                <Table.Td visibleFrom="md" ta="right">
                  {bytes(s.size_bytes)}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="wrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      disabled={rollbackBlock !== null}
                      onClick={() => onAction('rollback', s)}
                      aria-label={t('snapshots.rollback.action_for', { name: s.name })}
                    >
                      {t('snapshots.rollback.action')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      disabled={deleteBlock !== null}
                      onClick={() => onAction('delete', s)}
                      aria-label={t('snapshots.delete.action_for', { name: s.name })}
                    >
                      {t('snapshots.delete.action')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
