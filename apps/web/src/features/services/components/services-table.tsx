/**
 * The account's services: equipment id (a link to the service), category, description and server,
 * start, end, minimum cancel date, monthly price and status. Clicking a row opens the service too.
 * Below 576 px the dates move under the description and the state under the id; anything still
 * too wide scrolls.
 */
import { Anchor, Box, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { MyService } from '@portside/contract/schemas/services';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { useServiceName } from '../lib/use-service-name';
import { ServiceStatusBadge } from './service-status-badge';

export function ServicesTable({ rows }: { rows: readonly MyService[] }) {
  const { t } = useTranslation('services');
  const formatDate = useDateFormat();
  const money = useMoney();
  const navigate = useNavigate();
  const name = useServiceName();
  const day = (d: string | null) => (d ? formatDate(d, { style: 'date' }) : '—');
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={t('list.table_label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.equipment_id')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('columns.category')}</Table.Th>
            <Table.Th>{t('columns.description')}</Table.Th>
            <Table.Th visibleFrom="md">{t('columns.start_date')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('columns.end_date')}</Table.Th>
            <Table.Th visibleFrom="md">{t('columns.min_cancel_date')}</Table.Th>
            <Table.Th ta="right">{t('columns.monthly')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => {
            const to = buildPath('my-services-item', { equipment_id: s.equipment_id });
            return (
              <Table.Tr key={s.equipment_id} onClick={() => navigate(to)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Anchor component={Link} to={to} fw={600} ff="monospace" onClick={(e) => e.stopPropagation()}>
                    {s.equipment_id}
                  </Anchor>
                  <Box hiddenFrom="sm" mt={4}>
                    <ServiceStatusBadge status={s.status} size="xs" />
                  </Box>
                </Table.Td>
                <Table.Td visibleFrom="sm">{t(`category.${s.category}`)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{name(s)}</Text>
                  {s.server_name && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {s.server_name}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {s.end_date ? t('list.ends_on', { date: day(s.end_date) }) : t('list.since', { date: day(s.start_date) })}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">{day(s.start_date)}</Table.Td>
                <Table.Td visibleFrom="sm">{day(s.end_date)}</Table.Td>
                <Table.Td visibleFrom="md">{day(s.min_cancel_date)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {s.monthly_cents === null ? '—' : money(s.monthly_cents)}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <ServiceStatusBadge status={s.status} size="xs" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
