/**
 * The Cost Breakdown tab (spec 1 §3 cost_breakdown): every part of the monthly price in euros in
 * the interface language's format — model base cost, additional disk at the storage price of
 * 0.03 € per GB (spec 2 §9), backups, snapshots, external IP and the total.
 */
import { Alert, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PRICES } from '@portside/contract/constants';
import { intlLocale } from '../../../shared/format/date';
import { formatCents } from '../../../shared/format/money';
import type { VmRow } from '@portside/contract/schemas/vms';

export function CostBreakdownTab({ vm }: { vm: VmRow }) {
  const { t, i18n } = useTranslation('servers');
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  const c = vm.cost_breakdown;
  if (!c) {
    return (
      <Alert color="gray" variant="light">
        {t('cost.none')}
      </Alert>
    );
  }
  const money = (cents: number) => formatCents(cents, locale);
  const perGb = formatCents(c.additional_disk_cost_per_gb ?? PRICES.storageCentsPerGbMonth, locale);
  const rows: Array<{ key: string; label: string; detail: string; amount: string }> = [
    { key: 'model', label: t('cost.model'), detail: c.model, amount: money(c.base_cost) },
    {
      key: 'disk',
      label: t('cost.additional_disk'),
      detail: t('cost.per_gb_detail', { gb: c.additional_disk_gb, price: perGb }),
      amount: money(c.additional_disk_cost_total),
    },
    {
      key: 'backup',
      label: t('cost.backups'),
      detail: vm.backups_enabled ? t('cost.backups_on') : t('cost.backups_off'),
      amount: money(c.backup_cost),
    },
    {
      key: 'snapshots',
      label: t('cost.snapshots'),
      detail: t('cost.per_gb_detail', { gb: c.snapshots_gb, price: perGb }),
      amount: money(c.snapshots_cost),
    },
    { key: 'ip', label: t('cost.external_ip'), detail: '', amount: money(c.external_ip_cost) },
  ];
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table aria-label={t('cost.table_label')} verticalSpacing="sm" maw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cost.item')}</Table.Th>
            <Table.Th>{t('cost.detail')}</Table.Th>
            <Table.Th ta="right">{t('cost.per_month')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row" fw={500}>
                {r.label}
              </Table.Th>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {r.detail}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {r.amount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('cost.total')}</Table.Th>
            <Table.Td />
            <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {money(c.total_cost)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="sm" c="dimmed" mt="xs">
        {t('cost.storage_price', { price: perGb })}
      </Text>
    </Table.ScrollContainer>
  );
}
