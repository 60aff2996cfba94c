/** The account's deposits, a page at a time. */
import { useState } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { DEPOSITS_PAGE_SIZE } from '@portside/contract/schemas/billing';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useMyDeposits } from '../api/get-my-deposits';
import { DepositsTable } from './deposits-table';

export function DepositsSection() {
  const { t } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const deposits = useMyDeposits(page);
  const rows = deposits.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((deposits.data?.total ?? rows.length) / DEPOSITS_PAGE_SIZE));
  return (
    <Stack gap="sm" component="section" aria-labelledby="billing-deposits-title">
      <Title order={2} fz="h4" id="billing-deposits-title">
        {t('deposits.title')}
      </Title>
      <QueryState
        query={deposits}
        loadingLabel={t('deposits.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="billing" title={t('deposits.empty')} body={t('deposits.empty_hint')} />}
      >
        <DepositsTable rows={rows} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('deposits.pages')} />
        </Group>
      </QueryState>
    </Stack>
  );
}
