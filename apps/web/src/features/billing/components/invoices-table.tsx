/**
 * The invoices: a checkbox on each open one (to pay several at once), number (with the bank-transfer
 * reference of an open one, as its PDF gives it), dates, what it is for, total, status and the PDF.
 * Below 576 px the dates, the period and the status move under the number, so the total and the
 * PDF button stay on screen.
 */
import { ActionIcon, Box, Button, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyInvoice } from '@portside/contract/schemas/billing';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { Icon } from '../../../shared/ui/icons';
import { useMoney } from '../../../shared/format/use-money';
import { InvoiceStatusBadge } from '../../../shared/ui/invoice-status-badge';

export interface InvoicesTableProps {
  rows: readonly MyInvoice[];
  selected: ReadonlySet<number>;
  onToggle: (invoice: MyInvoice) => void;
  onToggleAll: (open: readonly MyInvoice[], select: boolean) => void;
  onDownload: (invoice: MyInvoice) => void;
  /** The invoice whose PDF is being fetched. */
  downloading: number | null;
}

export function InvoicesTable({ rows, selected, onToggle, onToggleAll, onDownload, downloading }: InvoicesTableProps) {
  const { t, i18n } = useTranslation('billing');
  const formatDate = useDateFormat();
  const money = useMoney();
  const open = rows.filter((r) => r.status === 'open');
  const allSelected = open.length > 0 && open.every((r) => selected.has(r.id));
  const month = (day: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const purpose = (r: MyInvoice) => (r.kind === 'monthly' && r.period_start ? month(r.period_start) : t(`kind.${r.kind}`));

  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('invoices.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={t('invoices.select_all')}
                checked={allSelected}
                indeterminate={!allSelected && open.some((r) => selected.has(r.id))}
                disabled={open.length === 0}
                onChange={() => onToggleAll(open, !allSelected)}
              />
            </Table.Th>
            <Table.Th>{t('invoices.number')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('invoices.issued_on')}</Table.Th>
            <Table.Th visibleFrom="md">{t('invoices.due_on')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('invoices.for')}</Table.Th>
            <Table.Th ta="right">{t('invoices.total')}</Table.Th>
            <Table.Th visibleFrom="xs">{t('invoices.status')}</Table.Th>
            <Table.Th ta="right">
              <VisuallyHidden>{t('invoices.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                {r.status === 'open' && (
                  <Checkbox
                    aria-label={t('invoices.select_named', { number: r.number })}
                    checked={selected.has(r.id)}
                    onChange={() => onToggle(r)}
                  />
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {r.number}
                </Text>
                {r.status === 'open' && (
                  <Text size="xs" c="dimmed">
                    {t('invoices.transfer_reference', { reference: r.reference })}
                  </Text>
                )}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {purpose(r)} · {formatDate(r.issued_on)}
                </Text>
                <Box hiddenFrom="xs" mt={4}>
                  <InvoiceStatusBadge invoice={r} />
                </Box>
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(r.issued_on)}</Table.Td>
              <Table.Td visibleFrom="md">{formatDate(r.due_on)}</Table.Td>
              <Table.Td visibleFrom="sm">{purpose(r)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(r.total_cents)}
              </Table.Td>
              <Table.Td visibleFrom="xs">
                <InvoiceStatusBadge invoice={r} />
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  visibleFrom="md"
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<Icon name="download" size={16} />}
                  loading={downloading === r.id}
                  onClick={() => onDownload(r)}
                  aria-label={t('invoices.download_named', { number: r.number })}
                >
                  {t('invoices.download')}
                </Button>
                <ActionIcon
                  hiddenFrom="md"
                  variant="subtle"
                  loading={downloading === r.id}
                  onClick={() => onDownload(r)}
                  aria-label={t('invoices.download_named', { number: r.number })}
                >
                  <Icon name="download" size={18} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
