/**
 * A page of a subnet's addresses: the address, what uses it (free, the gateway, a VM, a dedicated
 * server, an account), the server and account, the DHCP lease (MAC, static or dynamic, comment)
 * and the MAC last seen in ARP, and per row a menu of what can be done with it. At 390 px the
 * server and account move under the address and the ARP column goes.
 */
import { Badge, Button, Menu, Table, Text } from '@mantine/core';
import type { IpUse, RouterIpRow } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';

/** What can be done with an address from its row. */
export type IpAction = 'assign' | 'comment' | 'release' | 'client' | 'unclient';

const USE_COLOR: Record<IpUse, string> = { free: 'gray', gateway: 'violet', vm: 'blue', dedicated: 'teal', client: 'orange' };

/** The actions an address offers: reservations on every host address but the gateway, accounts only on free ones. */
export function actionsOf(r: RouterIpRow): IpAction[] {
  if (r.use === 'gateway') return [];
  const out: IpAction[] = r.dhcp === 'static' ? ['comment', 'release'] : ['assign'];
  if (r.use === 'free') out.push('client');
  if (r.use === 'client') out.push('unclient');
  return out;
}

export interface IpsTableProps {
  rows: readonly RouterIpRow[];
  onAction: (row: RouterIpRow, action: IpAction) => void;
}

export function IpsTable({ rows, onAction }: IpsTableProps) {
  const { t } = useTranslation('routers');
  const who = (r: RouterIpRow) => [r.server, r.client_name].filter(Boolean).join(' · ');
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('ips.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ips.address')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('ips.holder')}</Table.Th>
            <Table.Th>{t('ips.dhcp')}</Table.Th>
            <Table.Th visibleFrom="md">{t('ips.arp')}</Table.Th>
            <Table.Th ta="right">{t('ips.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const actions = actionsOf(r);
            return (
              <Table.Tr key={r.address}>
                <Table.Td>
                  <Text size="sm" ff="monospace" id={`ip-${r.address}`}>
                    {r.address}
                  </Text>
                  <Badge size="xs" variant="light" color={USE_COLOR[r.use]}>
                    {t(`ips.use.${r.use}`)}
                  </Badge>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {who(r)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{r.server ?? ''}</Text>
                  <Text size="xs" c="dimmed">
                    {r.client_name ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {r.mac && (
                    <>
                      <Text size="sm" ff="monospace">
                        {r.mac}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`ips.lease.${r.dhcp ?? 'dynamic'}`)}
                        {r.comment ? ` · ${r.comment}` : ''}
                      </Text>
                    </>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" ff="monospace" c={r.arp_mac && r.mac && r.arp_mac !== r.mac ? 'orange' : undefined}>
                    {r.arp_mac ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {actions.length > 0 && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={t('ips.actions_for', { address: r.address })}
                          rightSection={<Icon name="dots" size={14} />}
                        >
                          {t('ips.actions')}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {actions.map((a) => (
                          <Menu.Item
                            key={a}
                            color={a === 'release' || a === 'unclient' ? 'red' : undefined}
                            onClick={() => onAction(r, a)}
                          >
                            {t(`ips.action.${a}`)}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
