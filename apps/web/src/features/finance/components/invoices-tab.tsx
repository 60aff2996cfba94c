/**
 * Finance's invoices of every account: search (number, name, company, e-mail, VAT number), a
 * status filter (open, overdue, paid, void), a page at a time; and the accountant's CSV of a month.
 */
import { useState } from 'react';
import { Button, Group, Paper, Select, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import { todayUtc } from '@portside/contract/rules/invoice-status';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { InvoiceStatusBadge } from '../../../shared/ui/invoice-status-badge';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useDownloadInvoicesCsv } from '../api/download-invoices-csv';
import { ScrollTable } from './scroll-table';
import { useFinanceInvoices } from '../api/get-finance-invoices';
import { FINANCE_PAGE_SIZE, INVOICE_FILTERS, lastMonths, type InvoiceFilter } from '../lib/finance-query';

export function InvoicesTab() {
  const { t } = useTranslation('finance');
  const formatDate = useDateFormat();
  const money = useMoney();
  const [filter, setFilter] = useState<InvoiceFilter>('all');
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  const invoices = useFinanceInvoices(filter, search, page);
  const rows = invoices.data?.rows ?? [];
  const total = invoices.data?.total ?? 0;
  const months = lastMonths(todayUtc(), 24);
  const [month, setMonth] = useState(months[0]!);
  const csv = useDownloadInvoicesCsv();
  const day = (d: string) => formatDate(d, { style: 'date', timeZone: 'UTC' });

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
        <TextInput
          label={t('invoices.search')}
          placeholder={t('invoices.search_placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          leftSection={<Icon name="search" size={16} />}
          style={{ flex: '1 1 240px' }}
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
      <QueryState
        query={invoices}
        loadingLabel={t('invoices.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="search" title={t('invoices.empty_title')} body={t('invoices.empty_body')} />}
      >
        <Text size="sm" role="status">
          {t('invoices.count', { count: total })}
        </Text>
        <ScrollTable label={t('invoices.table')} minWidth={760}>
          <Table aria-label={t('invoices.table')} verticalSpacing="xs" fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoices.number')}</Table.Th>
                <Table.Th>{t('invoices.client')}</Table.Th>
                <Table.Th>{t('invoices.issued')}</Table.Th>
                <Table.Th>{t('invoices.due')}</Table.Th>
                <Table.Th>{t('invoices.status')}</Table.Th>
                <Table.Th ta="right">{t('invoices.net')}</Table.Th>
                <Table.Th ta="right">{t('invoices.vat')}</Table.Th>
                <Table.Th ta="right">{t('invoices.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Group justify="center">
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(total / FINANCE_PAGE_SIZE))}
            onChange={setPage}
            label={t('invoices.pages')}
          />
        </Group>
      </QueryState>
    </Stack>
  );
}
