/** Finance's credit notes of every account, searchable (numbers, name, reason), a page at a time, each with its PDF. */
import { useState } from 'react';
import { ActionIcon, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { PagedTable } from './paged-table';
import { SearchField } from './search-field';
import { useDownloadFinanceCreditNote, useFinanceCreditNotes } from '../api/credit-notes';

export function CreditNotesTab() {
  const { t } = useTranslation('finance');
  const formatDate = useDateFormat();
  const money = useMoney();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  const notes = useFinanceCreditNotes(search, page);
  const pdf = useDownloadFinanceCreditNote();

  return (
    <Stack gap="md">
      <SearchField
        label={t('credit_notes.search')}
        placeholder={t('credit_notes.search_placeholder')}
        value={text}
        onChange={(v) => {
          setText(v);
          setPage(1);
        }}
        maw={420}
      />
      <ErrorAlert error={pdf.error} />
      <PagedTable
        ns="credit_notes"
        query={notes}
        minWidth={820}
        page={page}
        onPage={setPage}
        head={
          <>
            <Table.Th>{t('credit_notes.number')}</Table.Th>
            <Table.Th>{t('credit_notes.invoice')}</Table.Th>
            <Table.Th>{t('credit_notes.client')}</Table.Th>
            <Table.Th>{t('credit_notes.issued')}</Table.Th>
            <Table.Th>{t('credit_notes.reason')}</Table.Th>
            <Table.Th>{t('credit_notes.refund')}</Table.Th>
            <Table.Th ta="right">{t('credit_notes.total')}</Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>{t('credit_notes.pdf')}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(n) => (
          <Table.Tr key={n.id}>
            <Table.Td ff="monospace">{n.number}</Table.Td>
            <Table.Td ff="monospace">{n.invoice_number}</Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {n.client_name}
              </Text>
            </Table.Td>
            <Table.Td>{formatDate(n.issued_on, { style: 'date', timeZone: 'UTC' })}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2} title={n.reason}>
                {n.reason}
              </Text>
              {n.created_by && (
                <Text size="xs" c="dimmed">
                  {n.created_by}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{t(`credit.refunds_short.${n.refund}`)}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {money(-n.total_cents)}
            </Table.Td>
            <Table.Td>
              <ActionIcon
                variant="subtle"
                aria-label={t('credit_notes.download', { number: n.number })}
                loading={pdf.isPending && pdf.variables?.id === n.id}
                onClick={() => pdf.mutate(n)}
              >
                <Icon name="download" size={16} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
