/**
 * One client's invoices (spec 1 §4 'Invoice: number, date, due date, status, amount, commission
 * base, commission'). Below 576 px the dates and the base move under the number, so the amount
 * and the commission stay on screen.
 */
import { Box, Table, Text } from '@mantine/core';
import type { ResellerInvoice } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { InvoiceStatusBadge } from '../../../shared/ui/invoice-status-badge';

export function ClientInvoicesTable({ rows, label }: { rows: readonly ResellerInvoice[]; label: string }) {
  const { t } = useTranslation('reseller');
  const formatDate = useDateFormat();
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.number')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('invoices.date')}</Table.Th>
            <Table.Th visibleFrom="md">{t('invoices.due')}</Table.Th>
            <Table.Th visibleFrom="xs">{t('invoices.status')}</Table.Th>
            <Table.Th ta="right">{t('invoices.amount')}</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {t('invoices.base')}
            </Table.Th>
            <Table.Th ta="right">{t('invoices.commission')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.invoice}>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {r.number}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {formatDate(r.issued_on)} · {t('invoices.base_short', { amount: money(r.commission_base_cents) })}
                </Text>
                <Box hiddenFrom="xs" mt={4}>
                  <InvoiceStatusBadge invoice={r} />
                </Box>
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(r.issued_on)}</Table.Td>
              <Table.Td visibleFrom="md">{formatDate(r.due_on)}</Table.Td>
              <Table.Td visibleFrom="xs">
                <InvoiceStatusBadge invoice={r} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(r.amount_cents)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                {money(r.commission_base_cents)}
              </Table.Td>
              <Table.Td ta="right" fw={r.commission_cents > 0 ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
                {money(r.commission_cents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
