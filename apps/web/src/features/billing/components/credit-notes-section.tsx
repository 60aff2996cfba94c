/**
 * The account's credit notes (issue 18): which invoice each credits, why, how much and where the
 * money went, with its PDF. Shown only once the account has one: most accounts never do.
 */
import { useState } from 'react';
import { ActionIcon, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { Pager } from '../../../shared/ui/pager';
import { CREDIT_NOTES_PAGE_SIZE, useDownloadCreditNotePdf, useMyCreditNotes } from '../api/credit-notes';

export function CreditNotesSection() {
  const { t } = useTranslation('billing');
  const formatDate = useDateFormat();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const notes = useMyCreditNotes(page);
  const pdf = useDownloadCreditNotePdf();
  const rows = notes.data?.rows ?? [];
  if (rows.length === 0) return null;
  const pages = Math.max(1, Math.ceil((notes.data?.total ?? rows.length) / CREDIT_NOTES_PAGE_SIZE));
  return (
    <Stack gap="sm" component="section" aria-labelledby="billing-credit-notes-title">
      <Title order={2} fz="h4" id="billing-credit-notes-title">
        {t('credit_notes.title')}
      </Title>
      <ErrorAlert error={pdf.error} />
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={t('credit_notes.title')}>
        <Table striped verticalSpacing="xs" aria-label={t('credit_notes.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('credit_notes.number')}</Table.Th>
              <Table.Th>{t('credit_notes.date')}</Table.Th>
              <Table.Th>{t('credit_notes.reason')}</Table.Th>
              <Table.Th ta="right">{t('credit_notes.amount')}</Table.Th>
              <Table.Th pos="relative">
                <VisuallyHidden>{t('credit_notes.pdf')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((n) => (
              <Table.Tr key={n.id}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {n.number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('credit_notes.for_invoice', { number: n.invoice_number })}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(n.issued_on, { style: 'date', timeZone: 'UTC' })}</Table.Td>
                <Table.Td>
                  <Text size="sm">{n.reason}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`credit_notes.refund.${n.refund}`)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(n.total_cents)}
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
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('credit_notes.pages')} />
        </Group>
      )}
    </Stack>
  );
}
