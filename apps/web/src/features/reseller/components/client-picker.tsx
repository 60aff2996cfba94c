/** Which client's invoices or files to show: the reseller's clients by company (or name). */
import { Select } from '@mantine/core';
import type { ResellerContract } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';

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
