/**
 * A server's backups, newest first: date, age, size, kind, protection (a switch) and the actions.
 * A protected backup cannot be deleted; its delete button says why. Phones show the age, size and
 * kind under the date.
 */
import { Badge, Button, Group, Menu, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VmBackupFileRow } from '@portside/contract/schemas/vm-data';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useBytes } from '../../../shared/format/use-bytes';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { Icon } from '../../../shared/ui/icons';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { notifySuccess } from '../../../shared/ui/notify';
import { useToggleBackupProtection } from '../api/protect-backup';
import { dataActionBlock } from '../lib/vm-data';
import { useClaim } from '../../../shared/session/use-claim';
import type { BackupDialogKind } from './backup-dialogs';

export interface BackupsTableProps {
  vm: VmRow;
  rows: readonly VmBackupFileRow[];
  onAction: (kind: BackupDialogKind, backup: VmBackupFileRow) => void;
}

export function BackupsTable({ vm, rows, onAction }: BackupsTableProps) {
  const { t } = useTranslation('servers');
  const formatDate = useDateFormat();
  const bytes = useBytes();
  const protect = useToggleBackupProtection();
  const notice = useApiErrorNotice();
  const protectBlock = dataActionBlock(vm, 'backup-protect');
  const restoreBlock = dataActionBlock(vm, 'backup-restore');
  const deleteBlock = dataActionBlock(vm, 'backup-delete');
  // A copy is a new server, ordered and paid: only for users who may order (billing-manage).
  const mayOrder = useClaim('billing-manage');

  const toggle = (b: VmBackupFileRow) =>
    protect.mutate(
      { p_provisioned_id: vm.provisioned_id, p_volid: b.volid },
      {
        onSuccess: () => notifySuccess(t(b.protected ? 'backups.protect.unprotecting' : 'backups.protect.protecting')),
        onError: notice,
      },
    );

  return (
    <Stack gap="xs">
      {restoreBlock && (
        <Text size="sm" c="dimmed">
          {t('backups.restore.blocked', { reason: t(`blocked.${restoreBlock}`) })}
        </Text>
      )}
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" aria-label={t('backups.table.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backups.table.date')}</Table.Th>
              <Table.Th visibleFrom="sm" ta="right">
                {t('backups.table.age')}
              </Table.Th>
              <Table.Th visibleFrom="sm" ta="right">
                {t('backups.table.size')}
              </Table.Th>
              <Table.Th visibleFrom="sm">{t('backups.table.kind')}</Table.Th>
              <Table.Th>{t('backups.table.protected')}</Table.Th>
              <Table.Th w={64}>
                <VisuallyHidden>{t('backups.table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => {
              const date = formatDate(b.created_at);
              const age = t('backups.table.age_value', { count: b.age_days });
              const kind = t(`backups.kind.${b.kind}`);
              return (
                <Table.Tr key={b.volid}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {date}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {age} · {bytes(b.size_bytes)} · {kind}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" ta="right">
                    {age}
                  </Table.Td>
                  <Table.Td visibleFrom="sm" ta="right">
                    {bytes(b.size_bytes)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Badge variant="light" color={b.kind === 'manual' ? 'grape' : 'gray'}>
                      {kind}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={b.protected}
                      onChange={() => toggle(b)}
                      disabled={protectBlock !== null || protect.isPending}
                      label={b.protected ? t('backups.protect.on') : t('backups.protect.off')}
                      aria-label={t('backups.protect.label', { date })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button variant="subtle" size="compact-sm" aria-label={t('backups.table.actions_for', { date })}>
                          <Icon name="dots" size={18} />
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item disabled={restoreBlock !== null} onClick={() => onAction('restore', b)}>
                          {t('backups.restore.action')}
                        </Menu.Item>
                        {mayOrder && (
                          <Menu.Item
                            disabled={dataActionBlock(vm, 'backup-restore-clone') !== null}
                            onClick={() => onAction('clone', b)}
                          >
                            {t('backups.clone.action')}
                          </Menu.Item>
                        )}
                        <Menu.Item
                          color="red"
                          disabled={deleteBlock !== null}
                          onClick={() => onAction('delete', b)}
                          leftSection={<Icon name="trash" size={14} />}
                        >
                          {t('backups.delete.action')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.some((b) => b.protected) && (
        <Group gap={4}>
          <Icon name="shield" size={14} />
          <Text size="xs" c="dimmed">
            {t('backups.protect.note')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
