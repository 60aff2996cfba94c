/**
 * The routers' subnets: router and location, network, gateway and interface, the address pool it
 * is, and how its host addresses are used (used by servers or accounts, DHCP reservations, free),
 * with a link to the subnet's addresses. At 390 px the gateway, interface and pool go.
 */
import { Anchor, Badge, Progress, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RouterSubnetRow } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';

export function SubnetsTable({ rows }: { rows: readonly RouterSubnetRow[] }) {
  const { t } = useTranslation('routers');
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('subnets.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('subnets.network')}</Table.Th>
            <Table.Th>{t('subnets.router')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('subnets.gateway')}</Table.Th>
            <Table.Th visibleFrom="md">{t('subnets.pool')}</Table.Th>
            <Table.Th>{t('subnets.use')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Anchor component={Link} to={`/routers-ips?subnet=${s.id}`} ff="monospace" size="sm">
                  {s.network}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{s.router_name}</Text>
                <Text size="xs" c="dimmed">
                  {s.location}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" ff="monospace">
                  {s.gateway}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.interface}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                {s.pool === null ? (
                  <Text size="sm" c="dimmed">
                    {t('subnets.no_pool')}
                  </Text>
                ) : (
                  <Badge variant="light">{t('subnets.pool_id', { id: s.pool })}</Badge>
                )}
              </Table.Td>
              <Table.Td miw={160}>
                <Text size="xs">{t('subnets.counts', { used: s.used, reserved: s.reserved, free: s.free, hosts: s.hosts })}</Text>
                <Progress
                  value={s.hosts ? ((s.hosts - s.free) / s.hosts) * 100 : 0}
                  size="sm"
                  aria-label={t('subnets.taken', { network: s.network })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
