/**
 * The invoices of the account, a page at a time, with a selection of open invoices (kept across
 * pages) whose total can be paid in one payment.
 */
import { useState, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { INVOICES_PAGE_SIZE, openAmountCents, type MyInvoice } from '@portside/contract/schemas/billing';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';
import { useMyInvoices } from '../api/get-my-invoices';
import { InvoicesTable } from './invoices-table';
import { PaySelectionBar } from './pay-selection-bar';

/** `renderPay(invoices, opened, onClose)`: the dialog paying the selected invoices. */
export function InvoicesSection({
  renderPay,
}: {
  renderPay: (invoices: readonly MyInvoice[], opened: boolean, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const invoices = useMyInvoices(page);
  const download = useDownloadInvoicePdf();
  const notice = useApiErrorNotice();
  const [selected, setSelected] = useState<ReadonlyMap<number, MyInvoice>>(new Map());
  const [paying, setPaying] = useState(false);

  const rows = invoices.data?.rows ?? [];
  const total = invoices.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE));
  const selectedTotal = [...selected.values()].reduce((sum, i) => sum + openAmountCents(i), 0);

  const toggle = (inv: MyInvoice) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(inv.id)) next.delete(inv.id);
      else next.set(inv.id, inv);
      return next;
    });
  const toggleAll = (open: readonly MyInvoice[], select: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const inv of open) {
        if (select) next.set(inv.id, inv);
        else next.delete(inv.id);
      }
      return next;
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="billing-invoices-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h4" id="billing-invoices-title">
          {t('invoices.title')}
        </Title>
        {total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('invoices.count', { count: total })}
          </Text>
        )}
      </Group>
      <QueryState
        query={invoices}
        loadingLabel={t('invoices.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="billing" title={t('invoices.empty')} body={t('invoices.empty_hint')} />}
      >
        <PaySelectionBar
          count={selected.size}
          totalCents={selectedTotal}
          onPay={() => setPaying(true)}
          onClear={() => setSelected(new Map())}
        />
        <InvoicesTable
          rows={rows}
          selected={new Set(selected.keys())}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onDownload={(inv) => download.mutate(inv, { onError: notice })}
          downloading={download.isPending ? (download.variables?.id ?? null) : null}
        />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('invoices.pages')} />
        </Group>
      </QueryState>
      {renderPay([...selected.values()], paying, () => setPaying(false))}
    </Stack>
  );
}
