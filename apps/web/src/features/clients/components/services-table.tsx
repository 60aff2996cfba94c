/**
 * Every account's services on /all-services: equipment id (and its parent), description and
 * category, the account (to its client page), monthly price, start and end.
 */
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { AllServiceItem } from '@portside/contract/schemas/clients';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';

export function ServicesTable({ rows }: { rows: readonly AllServiceItem[] }) {
  const { t } = useTranslation('clients');
  const formatDate = useDateFormat();
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('services.table_label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('services.description')}</Table.Th>
            <Table.Th>{t('users.account')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('services.monthly')}</Table.Th>
            <Table.Th visibleFrom="md">{t('services.start')}</Table.Th>
            <Table.Th visibleFrom="md">{t('services.end')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.equipment_id}>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {s.description}
                </Text>
                <Text size="xs" c="dimmed">
                  #{s.equipment_id}
                  {s.parent_equipment_id !== null && ` ← #${s.parent_equipment_id}`} · {s.category}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={buildPath('clients-item', { clientId: s.client })} size="sm">
                  {s.client_name}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">{s.monthly_cents === null ? '—' : money(s.monthly_cents)}</Table.Td>
              <Table.Td visibleFrom="md">{formatDate(s.start_date, { style: 'date' })}</Table.Td>
              <Table.Td visibleFrom="md">
                {s.end_date ? (
                  formatDate(s.end_date, { style: 'date' })
                ) : (
                  <Badge variant="light" color="green">
                    {t('services.running')}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
