/** The routers' ARP entries: router, address, MAC, interface, state and when it was read; at 390 px interface and time go. */
import { Badge, Table, Text } from '@mantine/core';
import type { ArpStatus, RouterArpRow } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';

const STATUS_COLOR: Record<ArpStatus, string> = {
  reachable: 'teal',
  stale: 'yellow',
  delay: 'yellow',
  probe: 'yellow',
  incomplete: 'orange',
  failed: 'red',
  permanent: 'gray',
};

export function ArpTable({ rows }: { rows: readonly RouterArpRow[] }) {
  const { t } = useTranslation('routers');
  const formatDate = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('arp.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('arp.address')}</Table.Th>
            <Table.Th>{t('arp.mac')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('arp.interface')}</Table.Th>
            <Table.Th>{t('arp.status')}</Table.Th>
            <Table.Th visibleFrom="md">{t('arp.seen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={`${e.router}-${e.address}-${e.interface}`}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {e.address}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.router_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {e.mac ?? t('arp.no_mac')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{e.interface}</Text>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={STATUS_COLOR[e.status]}>
                  {t(`arp.state.${e.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" component="time" dateTime={e.seen_at}>
                  {formatDate(e.seen_at)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
