/**
 * The four add-ons of a cloud server: what each is, its price now with its unit (backups: a
 * percent of the model's price), the next change, and 'Change price'.
 */
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { VmAddonRow } from '@portside/contract/schemas/cloud-prices';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { addonKind } from '../lib/cloud-prices-queries';
import { nextOf, type PriceSlots } from '../lib/price-slots';

export interface AddonsTableProps {
  rows: readonly VmAddonRow[];
  next: PriceSlots['next'];
  onChangePrice: (row: VmAddonRow) => void;
}

export function AddonsTable({ rows, next, onChangePrice }: AddonsTableProps) {
  const { t } = useTranslation('cloudprices');
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('addons.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.addon')}</Table.Th>
            <Table.Th>{t('col.price')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('col.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const kind = addonKind(r.code);
            return (
              <Table.Tr key={r.code}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {t(`addon.${r.code}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    <strong>{kind === 'percent' ? `${r.cents} %` : money(r.cents)}</strong> {t(`unit.${r.unit}`)}
                  </Text>
                  {next(nextOf(r), kind)}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onChangePrice(r)}
                    aria-label={t('addons.change_label', { addon: t(`addon.${r.code}`) })}
                  >
                    {t('change_price')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
