/**
 * The cloud models: code and core type, size, the monthly price at each location (now, the next
 * change, and 'Change price'), the servers that have it, whether it is offered, and Retire or
 * Restore. At 390 px the size and servers move under the code and the table scrolls sideways.
 */
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ModelLocationPrice, ProductsModelRow } from '@portside/contract/schemas/cloud-prices';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { nextOf, type PriceSlots } from '../lib/price-slots';

export interface ModelsTableProps {
  rows: readonly ProductsModelRow[];
  next: PriceSlots['next'];
  onChangePrice: (row: ProductsModelRow, price: ModelLocationPrice) => void;
  onToggleActive: (row: ProductsModelRow) => void;
}

export function ModelsTable({ rows, next, onChangePrice, onToggleActive }: ModelsTableProps) {
  const { t } = useTranslation('cloudprices');
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped verticalSpacing="xs" aria-label={t('models.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.model')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('col.size')}</Table.Th>
            <Table.Th>{t('col.prices')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('col.servers')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('col.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const size = t('size', { cores: r.cores, ram: r.ram_gb, disk: r.disk_gb });
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600} ff="monospace" id={`model-${r.id}`}>
                      {r.code}
                    </Text>
                    <Badge size="sm" variant="light" color={r.active ? 'teal' : 'gray'}>
                      {r.active ? t('status.active') : t('status.retired')}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {r.core_type_name}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {size} · {t('servers', { count: r.servers })}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{size}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={6}>
                    {r.prices.map((p) => (
                      <Group key={p.location} gap="xs" wrap="wrap" justify="space-between">
                        <div>
                          <Text size="sm">
                            {p.location_name}: <strong>{money(p.cents)}</strong>
                          </Text>
                          {next(nextOf(p), 'whole')}
                        </div>
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => onChangePrice(r, p)}
                          aria-label={t('change_price_label', { model: r.code, location: p.location_name })}
                        >
                          {t('change_price')}
                        </Button>
                      </Group>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{r.servers}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant={r.active ? 'subtle' : 'light'}
                    color={r.active ? 'red' : undefined}
                    onClick={() => onToggleActive(r)}
                    aria-label={t(r.active ? 'retire_label' : 'restore_label', { model: r.code })}
                  >
                    {r.active ? t('retire') : t('restore')}
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
