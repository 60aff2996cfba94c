/**
 * The reseller's clients: the contracts (ten a page), the way to each client's invoices and files,
 * asking for a contract with an existing customer, and the requests made.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { RESELLER_PAGE_SIZE, type ResellerContract } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { pageOf } from '../lib/page-of';
import { ContractRequests } from './contract-requests';
import { ContractsTable } from './contracts-table';
import { RequestContractDialog } from './request-contract-dialog';

export interface ClientsTabProps {
  contracts: UseQueryResult<ResellerContract[]>;
  onInvoices: (client: string) => void;
  onFiles: (client: string) => void;
}

export function ClientsTab({ contracts, onInvoices, onFiles }: ClientsTabProps) {
  const { t } = useTranslation('reseller');
  const [page, setPage] = useState(1);
  const [requesting, setRequesting] = useState(false);
  const rows = contracts.data ?? [];
  const shown = pageOf(rows, page, RESELLER_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} fz="h4">
          {t('contracts.heading')}
        </Title>
        <Button variant="default" leftSection={<Icon name="plus" size={16} />} onClick={() => setRequesting(true)}>
          {t('request.open')}
        </Button>
      </Group>
      <QueryState
        query={contracts}
        loadingLabel={t('contracts.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="users" title={t('contracts.empty.title')} body={t('contracts.empty.body')} />}
      >
        <Stack gap="sm">
          <ContractsTable rows={shown.rows} onInvoices={(c) => onInvoices(c.client)} onFiles={(c) => onFiles(c.client)} />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t('contracts.summary', { count: rows.length })}
            </Text>
            <Pager page={shown.page} pages={shown.pages} onChange={setPage} label={t('contracts.page_label')} />
          </Group>
        </Stack>
      </QueryState>
      <ContractRequests />
      <RequestContractDialog opened={requesting} onClose={() => setRequesting(false)} />
    </Stack>
  );
}
