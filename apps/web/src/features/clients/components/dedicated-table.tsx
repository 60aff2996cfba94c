/**
 * Every dedicated server on /all-dedicated-servers: hostname and serial, model and location, the
 * account (to its client page) or 'in stock', the tag, power state, and the actions: move to
 * another account, edit the tag. Below 576 px the model, tag and state columns give way.
 */
import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { AllDedicatedItem } from '@portside/contract/schemas/clients';
import { useTranslation } from '../../../shared/i18n/use-translation';

export interface DedicatedTableProps {
  rows: readonly AllDedicatedItem[];
  onMove: (s: AllDedicatedItem) => void;
  onTag: (s: AllDedicatedItem) => void;
}

export function DedicatedTable({ rows, onMove, onTag }: DedicatedTableProps) {
  const { t } = useTranslation('clients');
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('dedicated.table_label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dedicated.hostname')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('dedicated.model')}</Table.Th>
            <Table.Th>{t('users.account')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('dedicated.tag')}</Table.Th>
            <Table.Th visibleFrom="md">{t('client.state')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.serial}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {s.hostname}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {s.serial}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{s.model}</Text>
                <Text size="xs" c="dimmed">
                  {s.cpu_name} · {s.location}
                </Text>
              </Table.Td>
              <Table.Td>
                {s.client ? (
                  <Anchor component={Link} to={buildPath('clients-item', { clientId: s.client })} size="sm">
                    {s.client_name}
                  </Anchor>
                ) : (
                  <Badge variant="light" color="gray">
                    {t('dedicated.in_stock')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">{s.tag ?? '—'}</Table.Td>
              <Table.Td visibleFrom="md">{s.power_state}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => onMove(s)}
                    aria-label={t('move.for', { hostname: s.hostname })}
                  >
                    {t('move.button')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => onTag(s)}
                    aria-label={t('tag.for', { hostname: s.hostname })}
                  >
                    {t('tag.button')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
