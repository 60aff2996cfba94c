/**
 * The price breakdown of a dedicated server (spec 1 §2, §3): the base price, each RAM module's
 * price, each disk, the additional addresses and the total, euros a month in the interface
 * language's format. The parts come from the inventory, the sums from the server's price.
 */
import { Table, Text } from '@mantine/core';
import type { ServerStats } from '@portside/contract/schemas/dedicated';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useUnits } from '../lib/units';
import { Section } from './section';

interface Line {
  key: string;
  label: string;
  detail: string;
  cents: number;
}

export function PriceBreakdown({ server }: { server: ServerStats }) {
  const { t } = useTranslation('dedicated');
  const money = useMoney();
  const unit = useUnits();
  const p = server.price;
  const lines: Line[] = [
    { key: 'base', label: t('price.base'), detail: server.model, cents: p.base_cents },
    ...server.ram_modules.map((m) => ({
      key: `ram-${m.slot}`,
      label: t('price.ram_module', { slot: m.slot }),
      detail: `${unit(m.capacity_gb, 'gigabyte')} ${m.type}`,
      cents: m.monthly_cents,
    })),
    ...server.disks.map((d) => ({
      key: `disk-${d.serial}`,
      label: t('price.disk', { serial: d.serial }),
      detail: `${unit(d.capacity_gb, 'gigabyte')} ${d.media_type}`,
      cents: d.monthly_cents,
    })),
    {
      key: 'ips',
      label: t('price.ips'),
      detail: t('price.ips_detail', { count: server.additional_ips.length }),
      cents: p.ips_cents,
    },
  ];
  return (
    <Section id="price" title={t('price.title')} subtitle={t('price.subtitle')}>
      <Table.ScrollContainer minWidth={300}>
        <Table aria-label={t('price.table_label')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('price.item')}</Table.Th>
              <Table.Th>{t('price.detail')}</Table.Th>
              <Table.Th ta="right">{t('price.per_month')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.key}>
                <Table.Th scope="row" fw={500}>
                  {l.label}
                </Table.Th>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {l.detail}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(l.cents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('price.total')}</Table.Th>
              <Table.Td />
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {money(p.total_cents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}
