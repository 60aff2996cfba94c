/**
 * The dedicated offers of the price list: the offer and its location, what it is built of
 * (processor, chassis, RAM, disks), its price now with the next change, the servers rented from
 * it, whether it is offered, and the actions (change the price; retire or restore). At 390 px the
 * location and configuration move under the offer's name.
 */
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ServersPricelistRow } from '@portside/contract/schemas/dedicated-prices';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { nextOf, type PriceParts } from './price-parts';

export interface OffersTableProps {
  rows: readonly ServersPricelistRow[];
  Next: PriceParts['Next'];
  onPrice: (row: ServersPricelistRow) => void;
  onRetire: (row: ServersPricelistRow) => void;
  onRestore: (row: ServersPricelistRow) => void;
  /** The offer being restored (its button shows it). */
  restoring: number | null;
}

export function OffersTable({ rows, Next, onPrice, onRetire, onRestore, restoring }: OffersTableProps) {
  const { t } = useTranslation('dedprices');
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" fz="sm" aria-label={t('offers.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('offers.offer')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('offers.location')}</Table.Th>
            <Table.Th visibleFrom="md">{t('offers.configuration')}</Table.Th>
            <Table.Th>{t('offers.price')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('offers.rented')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const config = t('offers.config', {
              cpu: r.cpu,
              cores: r.cores,
              ram: r.ram_gb,
              disks: r.disks,
            });
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {r.name}
                    </Text>
                    {!r.active && (
                      <Badge color="gray" variant="light" size="sm">
                        {t('offers.retired')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {r.product}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {r.location_name}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="md">
                    {config}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{r.location_name}</Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">{config}</Text>
                  {r.model && (
                    <Text size="xs" c="dimmed">
                      {r.model}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {t('offers.per_month', { price: money(Number(r.cents)) })}
                  </Text>
                  <Next next={nextOf(r)} />
                </Table.Td>
                <Table.Td visibleFrom="sm">{r.rented}</Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="wrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => onPrice(r)}
                      aria-label={t('offers.change_label', { name: r.name, location: r.location_name })}
                    >
                      {t('offers.change')}
                    </Button>
                    {r.active ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => onRetire(r)}
                        aria-label={t('offers.retire_label', { name: r.name, location: r.location_name })}
                      >
                        {t('offers.retire')}
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        loading={restoring === r.id}
                        onClick={() => onRestore(r)}
                        aria-label={t('offers.restore_label', { name: r.name, location: r.location_name })}
                      >
                        {t('offers.restore')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
