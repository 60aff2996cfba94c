/** Which client's invoices or files to show: the reseller's clients by company (or name). */
import type { ReactNode } from 'react';
import { Select, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ResellerContract } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';

export const clientLabel = (c: Pick<ResellerContract, 'client_company' | 'client_name'>) =>
  c.client_company ? `${c.client_company} (${c.client_name})` : c.client_name;

export interface ClientPickerProps {
  contracts: readonly ResellerContract[];
  value: string | null;
  onChange: (client: string) => void;
}

export function ClientPicker({ contracts, value, onChange }: ClientPickerProps) {
  const { t } = useTranslation('reseller');
  return (
    <Select
      label={t('client_select.label')}
      placeholder={t('client_select.placeholder')}
      data={contracts.map((c) => ({ value: c.client, label: clientLabel(c) }))}
      value={value && contracts.some((c) => c.client === value) ? value : null}
      onChange={(v) => v && onChange(v)}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('client_select.nothing')}
      maw={480}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** What a tab about one client at a time gets from the page: the contracts and the chosen client. */
export interface ClientTabProps {
  contracts: UseQueryResult<ResellerContract[]>;
  client: string | null;
  onClient: (client: string) => void;
}

/**
 * A tab about one client at a time (invoices, files): its heading, the contracts' loading and empty
 * states, the client picker, then `children` with the chosen client's contract (null: none chosen).
 */
export function ClientTab({
  contracts,
  client,
  onClient,
  heading,
  children,
}: ClientTabProps & { heading: string; children: (current: ResellerContract | null) => ReactNode }) {
  const { t } = useTranslation('reseller');
  const list = contracts.data ?? [];
  const current = list.find((c) => c.client === client) ?? null;
  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {heading}
      </Title>
      <QueryState
        query={contracts}
        loadingLabel={t('contracts.loading')}
        isEmpty={() => list.length === 0}
        empty={<EmptyState icon="users" title={t('contracts.empty.title')} body={t('contracts.empty.body')} />}
      >
        <Stack gap="md">
          <ClientPicker contracts={list} value={client} onChange={onClient} />
          {children(current)}
        </Stack>
      </QueryState>
    </Stack>
  );
}
