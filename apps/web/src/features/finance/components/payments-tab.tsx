/** Finance's payments of every account that ended (succeeded, failed, cancelled), searchable, a page at a time. */
import { useCallback, useState } from 'react';
import { Badge, Stack, Table } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { PagedTable } from './paged-table';
import { SearchField } from '../../../shared/ui/search-field';
import { useFinancePayments } from '../api/get-finance-payments';

const STATUS_COLOR = { succeeded: 'green', failed: 'red', cancelled: 'gray' } as const;

export function PaymentsTab() {
  const { t } = useTranslation(['finance', 'payments']);
  const formatDate = useDateFormat();
  const money = useMoney();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const onSearch = useCallback((phrase: string) => {
    setSearch(phrase);
    setPage(1);
  }, []);
  const payments = useFinancePayments(search, page);

  return (
    <Stack gap="md">
      <SearchField label={t('payments.search')} placeholder={t('payments.search_placeholder')} onSearch={onSearch} maw={420} />
      <PagedTable
        ns="payments"
        query={payments}
        minWidth={720}
        page={page}
        onPage={setPage}
        head={
          <>
            <Table.Th>{t('payments.reference')}</Table.Th>
            <Table.Th>{t('payments.client')}</Table.Th>
            <Table.Th>{t('payments.method')}</Table.Th>
            <Table.Th>{t('payments.invoices')}</Table.Th>
            <Table.Th>{t('payments.when')}</Table.Th>
            <Table.Th>{t('payments.status')}</Table.Th>
            <Table.Th ta="right">{t('payments.amount')}</Table.Th>
          </>
        }
        row={(p) => (
          <Table.Tr key={p.id}>
            <Table.Td ff="monospace">{p.reference}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.client_name}</Table.Td>
            <Table.Td>{t(`payments.methods.${p.method}`)}</Table.Td>
            <Table.Td ff="monospace">{p.invoice_numbers.join(', ') || t(`payments.purposes.${p.purpose}`)}</Table.Td>
            <Table.Td>{formatDate(p.completed_at ?? p.created_at)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLOR[p.status]}>
                {t(`payments.statuses.${p.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {money(p.amount_cents)}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
