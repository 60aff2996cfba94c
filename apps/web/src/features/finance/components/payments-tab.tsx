/** Finance's payments of every account that ended (succeeded, failed, cancelled), searchable, a page at a time. */
import { useState } from 'react';
import { Badge, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { Icon } from '../../../shared/ui/icons';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { ScrollTable } from './scroll-table';
import { useFinancePayments } from '../api/get-finance-payments';
import { FINANCE_PAGE_SIZE } from '../lib/finance-query';

const STATUS_COLOR = { succeeded: 'green', failed: 'red', cancelled: 'gray' } as const;

export function PaymentsTab() {
  const { t } = useTranslation(['finance', 'payments']);
  const formatDate = useDateFormat();
  const money = useMoney();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  const payments = useFinancePayments(search, page);
  const rows = payments.data?.rows ?? [];
  const total = payments.data?.total ?? 0;

  return (
    <Stack gap="md">
      <TextInput
        label={t('payments.search')}
        placeholder={t('payments.search_placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setPage(1);
        }}
        leftSection={<Icon name="search" size={16} />}
        maw={420}
      />
      <QueryState
        query={payments}
        loadingLabel={t('payments.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="search" title={t('payments.empty_title')} body={t('payments.empty_body')} />}
      >
        <Text size="sm" role="status">
          {t('payments.count', { count: total })}
        </Text>
        <ScrollTable label={t('payments.table')} minWidth={720}>
          <Table aria-label={t('payments.table')} verticalSpacing="xs" fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.reference')}</Table.Th>
                <Table.Th>{t('payments.client')}</Table.Th>
                <Table.Th>{t('payments.method')}</Table.Th>
                <Table.Th>{t('payments.invoices')}</Table.Th>
                <Table.Th>{t('payments.when')}</Table.Th>
                <Table.Th>{t('payments.status')}</Table.Th>
                <Table.Th ta="right">{t('payments.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
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
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Group justify="center">
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(total / FINANCE_PAGE_SIZE))}
            onChange={setPage}
            label={t('payments.pages')}
          />
        </Group>
      </QueryState>
    </Stack>
  );
}
