/**
 * A client's invoices and the reseller's commission on them (MyResellerInvoices?client=eq.{id}):
 * the invoices ten a page, then the commission per month and in all. The client is chosen here or
 * comes from the clients list (the address keeps it, so the view can be linked and reloaded).
 */
import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { RESELLER_PAGE_SIZE, type ResellerContract } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useAllResellerInvoices, useResellerInvoices } from '../api/get-reseller-invoices';
import { pageOf } from '../lib/page-of';
import { ClientInvoicesTable } from './client-invoices-table';
import { ClientTab, clientLabel, type ClientTabProps } from './client-picker';
import { CommissionMonths } from './commission-months';

function ClientInvoices({ contract }: { contract: ResellerContract }) {
  const { t } = useTranslation('reseller');
  const invoices = useResellerInvoices(contract.client);
  const [page, setPage] = useState(1);
  const rows = invoices.data ?? [];
  const shown = pageOf(rows, page, RESELLER_PAGE_SIZE);
  const name = clientLabel(contract);
  return (
    <QueryState
      query={invoices}
      loadingLabel={t('invoices.loading')}
      isEmpty={() => rows.length === 0}
      empty={<EmptyState icon="billing" title={t('invoices.empty.title')} body={t('invoices.empty.body')} />}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('invoices.note', { percent: contract.commission_percent })}
        </Text>
        <ClientInvoicesTable rows={shown.rows} label={t('invoices.label', { name })} />
        <Group justify="flex-end">
          <Pager page={shown.page} pages={shown.pages} onChange={setPage} label={t('invoices.page_label')} />
        </Group>
        <CommissionMonths rows={rows} name={name} />
      </Stack>
    </QueryState>
  );
}

/** Before a client is chosen: the commission per month over all clients. */
function AllClients() {
  const { t } = useTranslation('reseller');
  const invoices = useAllResellerInvoices();
  const rows = invoices.data ?? [];
  return (
    <QueryState
      query={invoices}
      loadingLabel={t('invoices.loading')}
      isEmpty={() => rows.length === 0}
      empty={<EmptyState icon="billing" title={t('client_select.choose_title')} body={t('invoices.choose')} />}
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('invoices.all_note')}
        </Text>
        <CommissionMonths rows={rows} name={t('invoices.all_name')} />
      </Stack>
    </QueryState>
  );
}

export function InvoicesTab(props: ClientTabProps) {
  const { t } = useTranslation('reseller');
  return (
    <ClientTab {...props} heading={t('invoices.heading')}>
      {(current) => (current ? <ClientInvoices key={current.client} contract={current} /> : <AllClients />)}
    </ClientTab>
  );
}
