/**
 * The servers of one project on the list (from 768 px; phones get cards): name (a link to the
 * server's details), IPv4 and IPv6 when switched on, location, model and the three state badges.
 * Narrow tablets leave out the location; anything still too wide scrolls inside the table.
 */
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { VmStateNote } from './vm-state-note';
import type { VmRow } from '@portside/contract/schemas/vms';
import { addressShown } from '../lib/vm-rules';
import { ActivityBadge, LockBadge, PowerStateBadge } from './vm-badges';
import { useLocationName } from '../../../shared/format/use-location-name';

export interface VmListTableProps {
  label: string;
  vms: readonly VmRow[];
  showIpv4: boolean;
  showIpv6: boolean;
}

function Mono({ value }: { value: string | null }) {
  return (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {value || '—'}
    </Text>
  );
}

export function VmListTable({ label, vms, showIpv4, showIpv6 }: VmListTableProps) {
  const { t } = useTranslation('servers');
  const locationName = useLocationName();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            {showIpv4 && <Table.Th>{t('columns.ipv4')}</Table.Th>}
            {showIpv6 && <Table.Th>{t('columns.ipv6')}</Table.Th>}
            <Table.Th visibleFrom="md">{t('columns.location')}</Table.Th>
            <Table.Th>{t('columns.model')}</Table.Th>
            <Table.Th>{t('columns.power')}</Table.Th>
            <Table.Th>{t('columns.lock')}</Table.Th>
            <Table.Th>{t('columns.activity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vms.map((vm) => (
            <Table.Tr key={vm.provisioned_id}>
              <Table.Td>
                <Anchor component={Link} to={buildPath('server_details', { provisioned_id: vm.provisioned_id })} fw={600}>
                  {vm.name}
                </Anchor>
                <VmStateNote vm={vm} />
              </Table.Td>
              {showIpv4 && (
                <Table.Td>
                  <Mono value={addressShown(vm, vm.ip, t('list.assigning'))} />
                </Table.Td>
              )}
              {showIpv6 && (
                <Table.Td>
                  <Mono value={addressShown(vm, vm.ipv6, t('list.assigning'))} />
                </Table.Td>
              )}
              <Table.Td visibleFrom="md">{locationName(vm.location, vm.location_name) ?? '—'}</Table.Td>
              <Table.Td>{vm.model_name ?? '—'}</Table.Td>
              <Table.Td>
                <PowerStateBadge vm={vm} size="xs" />
              </Table.Td>
              <Table.Td>
                <LockBadge vm={vm} size="xs" />
              </Table.Td>
              <Table.Td>
                <ActivityBadge vm={vm} size="xs" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
