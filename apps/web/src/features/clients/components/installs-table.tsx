/**
 * The install queue of /installed-servers: the reference or serial, the ordered machine and
 * hostname, the account (to its client page), the step with when it was reached, and the actions:
 * move forward, hand over (once the OS is installed or earlier, as the operator decides).
 */
import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { InstalledServerItem } from '@portside/contract/schemas/clients';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';

const STEP_COLOR = { ordered: 'gray', racked: 'blue', 'os-installed': 'yellow', 'handed-over': 'green' } as const;

export interface InstallsTableProps {
  rows: readonly InstalledServerItem[];
  onMove: (i: InstalledServerItem) => void;
  onHandOver: (i: InstalledServerItem) => void;
}

/** When the install reached its current step. */
function reachedAt(i: InstalledServerItem): string {
  return i.handed_over_at ?? i.os_installed_at ?? i.racked_at ?? i.ordered_at;
}

export function InstallsTable({ rows, onMove, onHandOver }: InstallsTableProps) {
  const { t } = useTranslation('clients');
  const formatDate = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('installs.table_label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dedicated.hostname')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('installs.machine')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('users.account')}</Table.Th>
            <Table.Th>{t('installs.step')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i.serial}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {i.hostname}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {i.serial}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{i.offer_name}</Text>
                <Text size="xs" c="dimmed">
                  {i.cpu} · {i.location}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Anchor component={Link} to={buildPath('clients-item', { clientId: i.client })} size="sm">
                  {i.client_name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STEP_COLOR[i.step]} style={{ minWidth: 'max-content' }}>
                  {t(`installs.steps.${i.step}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDate(reachedAt(i))}
                </Text>
              </Table.Td>
              <Table.Td>
                {i.open && (
                  <Group gap={4} wrap="nowrap">
                    {i.step !== 'os-installed' && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => onMove(i)}
                        aria-label={t('installs.move_for', { hostname: i.hostname })}
                      >
                        {t('installs.move')}
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      onClick={() => onHandOver(i)}
                      aria-label={t('handover.for', { hostname: i.hostname })}
                    >
                      {t('handover.button')}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
