/**
 * Finance's invoices of every account: search (number, name, company, e-mail, VAT number), a
 * status filter (open, overdue, paid, void), a page at a time; and the accountant's CSV of a month.
 */
import { useState } from 'react';
import { Button, Group, Paper, Select, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { FinanceInvoice } from '@portside/contract/schemas/finance';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import { todayUtc } from '@portside/contract/rules/invoice-status';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { InvoiceStatusBadge } from '../../../shared/ui/invoice-status-badge';
import { useDownloadInvoicesCsv } from '../api/download-invoices-csv';
import { CreditNoteDialog, creditableRest } from './credit-note-dialog';
import { PagedTable } from './paged-table';
import { SearchField } from './search-field';
import { useFinanceInvoices } from '../api/get-finance-invoices';
import { INVOICE_FILTERS, lastMonths, type InvoiceFilter } from '../lib/finance-query';

export function InvoicesTab() {
  const { t } = useTranslation('finance');
  const formatDate = useDateFormat();
  const money = useMoney();
  const [filter, setFilter] = useState<InvoiceFilter>('all');
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  const invoices = useFinanceInvoices(filter, search, page);
  const months = lastMonths(todayUtc(), 24);
  const [month, setMonth] = useState(months[0]!);
  const csv = useDownloadInvoicesCsv();
  const day = (d: string) => formatDate(d, { style: 'date', timeZone: 'UTC' });
  const [crediting, setCrediting] = useState<FinanceInvoice | null>(null);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('csv.month')}
            data={months.map((m) => ({ value: m, label: m }))}
            value={month}
            onChange={(v) => v && setMonth(v)}
            allowDeselect={false}
            w={140}
          />
          <Button leftSection={<Icon name="download" size={16} />} loading={csv.isPending} onClick={() => csv.mutate(month)}>
            {t('csv.download')}
          </Button>
          <Text size="sm" c="dimmed" style={{ flex: '1 1 200px' }}>
            {t('csv.hint')}
          </Text>
        </Group>
        {csv.error ? <ErrorAlert error={csv.error} /> : null}
      </Paper>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchField
          label={t('invoices.search')}
          placeholder={t('invoices.search_placeholder')}
          value={text}
          onChange={(v) => {
            setText(v);
            setPage(1);
          }}
        />
        <SegmentedControl
          aria-label={t('invoices.filter')}
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
          data={INVOICE_FILTERS.map((f) => ({ value: f, label: t(`invoices.filters.${f}`) }))}
        />
      </Group>
      <PagedTable
        ns="invoices"
        query={invoices}
        minWidth={860}
        page={page}
        onPage={setPage}
        head={
          <>
            <Table.Th>{t('invoices.number')}</Table.Th>
            <Table.Th>{t('invoices.client')}</Table.Th>
            <Table.Th>{t('invoices.issued')}</Table.Th>
            <Table.Th>{t('invoices.due')}</Table.Th>
            <Table.Th>{t('invoices.status')}</Table.Th>
            <Table.Th ta="right">{t('invoices.net')}</Table.Th>
            <Table.Th ta="right">{t('invoices.vat')}</Table.Th>
            <Table.Th ta="right">{t('invoices.total')}</Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>{t('invoices.actions')}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(i) => (
          <Table.Tr key={i.id}>
            <Table.Td ff="monospace">{i.number}</Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {i.client_name}
              </Text>
              <Text size="xs" c="dimmed">
                {[i.country, i.vat_number].filter(Boolean).join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td>{day(i.issued_on)}</Table.Td>
            <Table.Td>{day(i.due_on)}</Table.Td>
            <Table.Td>
              <InvoiceStatusBadge invoice={i} />
            </Table.Td>
            <Table.Td ta="right">{money(i.subtotal_cents)}</Table.Td>
            <Table.Td ta="right">
              {i.vat_note ? t(`vat_note.${i.vat_note}`, { defaultValue: i.vat_note }) : money(i.vat_cents)}
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {money(i.total_cents)}
              {i.credited_cents > 0 && (
                <Text size="xs" c="dimmed" fw={400}>
                  {t('invoices.credited', { amount: money(i.credited_cents) })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {i.status === 'paid' && i.kind !== 'deposit' && creditableRest(i).netCents > 0 && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setCrediting(i)}
                  aria-label={t('invoices.credit_label', { number: i.number })}
                >
                  {t('invoices.credit')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />
    </Stack>
  );
}
