/**
 * Assigning an IPv4 address to a server that has none (spec 1 §4 'IPv4 assignment is one-way and
 * cannot be detached'; VmAssignIPv4), offered where the server shows its addresses: a confirmation
 * with the address's monthly price (the price list's, GetVMPrices) and its share of this month,
 * then the assignment's live progress under the address until it shows.
 */
import { useState } from 'react';
import { Alert, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import type { VmRow } from '@portside/contract/schemas/vms';
import { proratedChange } from '@portside/contract/rules/vm-lifecycle';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useAssignIpv4 } from '../api/assign-ipv4';
import { useVmPrice } from '../api/get-vm-price';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock } from '../lib/vm-data';
import { IPV4_KINDS, utcToday } from '../lib/vm-lifecycle';
import { ProratedCharge } from './prorated-charge';

const NONE: readonly [] = [];

export function AssignIpv4({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common']);
  const money = useMoney();
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  const assign = useAssignIpv4();
  const price = useVmPrice(vm.model_id, vm.location, opened);
  // The assignment's hub only while one is asked for or runs: the page keeps few connections.
  const following = requested || vm.operation === 'assign-ipv4';
  const [progress] = useTabProgress(vm, following ? IPV4_KINDS : NONE);
  const block = dataActionBlock(vm, 'assign-ipv4');
  const cents = price.data?.external_ipv4_cents ?? null;
  const charge = cents !== null ? proratedChange(cents, utcToday()) : null;

  const close = () => {
    assign.reset();
    setOpened(false);
  };
  const confirm = () =>
    assign.mutate(
      { p_provisioned_id: vm.provisioned_id },
      {
        onSuccess: () => {
          setRequested(true);
          notifySuccess(t('ipv4.sent', { name: vm.name }));
          close();
        },
      },
    );

  const running = vm.operation === 'assign-ipv4' || progress?.phase === 'running';
  return (
    <Stack gap={4} align="flex-start" mt={4}>
      {running ? (
        <Group gap={6} wrap="nowrap" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="xs">{progress?.text ?? t('ipv4.assigning')}</Text>
        </Group>
      ) : (
        <Button size="compact-xs" variant="light" onClick={() => setOpened(true)} disabled={block !== null}>
          {t('ipv4.button')}
        </Button>
      )}
      {progress?.phase === 'error' && (
        <Text size="xs" c="red" role="alert">
          {progress.text}
        </Text>
      )}
      <ConfirmDialog
        opened={opened}
        title={t('ipv4.title', { name: vm.name })}
        confirmLabel={t('ipv4.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirm}
        onClose={close}
        loading={assign.isPending}
        canConfirm={!price.isPending}
        error={<ErrorAlert error={assign.error ?? price.error} />}
      >
        <Stack gap="xs">
          {price.isPending ? (
            <Skeleton h={40} radius="sm" role="progressbar" aria-busy="true" aria-label={t('ipv4.loading')} />
          ) : cents !== null && charge ? (
            <>
              <Text size="sm">{t('ipv4.price', { price: money(cents) })}</Text>
              <ProratedCharge cents={charge.cents} days={charge.days} from={charge.from} to={charge.to} />
            </>
          ) : (
            <Text size="sm">{t('ipv4.price_unknown')}</Text>
          )}
          <Alert color="yellow" variant="light">
            {t('ipv4.one_way')}
          </Alert>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
