/**
 * The server's key facts under its name: addresses, location, model and size, as a description
 * list; a server without an IPv4 address is offered one there.
 */
import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VmRow } from '@portside/contract/schemas/vms';
import { addressShown, isCreating, isPendingDelete } from '../lib/vm-rules';
import { AssignIpv4 } from './assign-ipv4';
import { useClaim } from '../../../shared/session/use-claim';
import { useLocationName } from '../../../shared/format/use-location-name';

function Fact({
  label,
  value,
  mono,
  extra,
}: {
  label: string;
  value: string | null | undefined;
  mono?: boolean;
  extra?: ReactNode;
}) {
  return (
    <Stack gap={0} miw={0}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span inherit ff={mono ? 'monospace' : undefined}>
          {value || '—'}
        </Text>
        {extra}
      </Text>
    </Stack>
  );
}

export function VmFacts({ vm }: { vm: VmRow }) {
  const { t } = useTranslation('servers');
  // An address is billed monthly: offered to users who may order and pay (billing-manage).
  const mayOrder = useClaim('billing-manage');
  const locationName = useLocationName();
  const size =
    vm.cores != null && vm.ram_gb != null
      ? t('facts.size_value', { cores: vm.cores, ram: vm.ram_gb, disk: vm.disk_gb ?? 0 })
      : null;
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing="xs" m={0}>
      <Fact
        label={t('columns.ipv4')}
        value={addressShown(vm, vm.ip, t('list.assigning'))}
        mono
        extra={mayOrder && !vm.ip && !isCreating(vm) && !isPendingDelete(vm) ? <AssignIpv4 vm={vm} /> : undefined}
      />
      <Fact label={t('columns.ipv6')} value={addressShown(vm, vm.ipv6, t('list.assigning'))} mono />
      <Fact label={t('columns.location')} value={locationName(vm.location, vm.location_name)} />
      <Fact label={t('columns.model')} value={vm.model_name} />
      <Fact label={t('facts.size')} value={size} />
      <Fact label={t('facts.project')} value={vm.project_name ?? t('list.no_project')} />
    </SimpleGrid>
  );
}
