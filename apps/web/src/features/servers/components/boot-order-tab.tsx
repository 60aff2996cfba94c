/**
 * The Boot Order tab (spec 1 §3 'Boot order devices: CD/DVD, SSD, NET; default dcn', §4 'A boot
 * order change requires a reboot'): the three devices in order, rearranged by drag or by the arrow
 * buttons; Save asks to reboot now or later. A live boot-order message replaces the order shown
 * only when it holds all of c, d and n (bootOrderOfMessage).
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSetBootOrder } from '../api/set-boot-order';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock } from '../lib/vm-data';
import { BOOT_ORDER_KINDS, bootDevicesOf, bootOrderOfLive, DEFAULT_BOOT_ORDER, type BootDevice } from '../lib/vm-lifecycle';
import { powerBlock, powerStateOf } from '../lib/vm-rules';
import { BootDeviceList } from './boot-device-list';
import { TabProgress } from './live-progress';

export default function BootOrderTab({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common']);
  const [progress, clearProgress] = useTabProgress(vm, BOOT_ORDER_KINDS);
  const save = useSetBootOrder();
  const [draft, setDraft] = useState<BootDevice[] | null>(null);
  const [asking, setAsking] = useState(false);
  // The order a live message holds (or the one just saved), until the server's row says otherwise.
  const [live, setLive] = useState<{ order: string; base: string } | null>(null);
  useEffect(() => {
    if (!progress) return;
    // A failed change leaves the server's order as its row says.
    if (progress.phase === 'error') return setLive(null);
    const order = bootOrderOfLive(progress.message);
    if (order) setLive({ order, base: vm.boot_order });
  }, [progress, vm.boot_order]);

  const current = live && live.base === vm.boot_order ? live.order : vm.boot_order;
  const currentDevices = bootDevicesOf(current);
  const devices = draft ?? currentDevices;
  const order = devices.join('');
  const changed = order !== currentDevices.join('');
  const block = dataActionBlock(vm, 'boot-order');
  const running = powerStateOf(vm) === 'RUNNING';
  const rebootBlock = powerBlock(vm, 'reboot');
  const name = (d: BootDevice) => t(`boot_order.devices.${d}`);
  const named = (list: readonly BootDevice[]) => list.map(name).join(' → ');

  const close = () => {
    save.reset();
    setAsking(false);
  };
  const submit = (reboot: boolean) =>
    save.mutate(
      { p_provisioned_id: vm.provisioned_id, p_boot_order: order, p_reboot: reboot },
      {
        onSuccess: () => {
          notifySuccess(t(reboot ? 'boot_order.sent_reboot' : 'boot_order.sent', { name: vm.name, order: named(devices) }));
          setDraft(null);
          setLive({ order, base: vm.boot_order });
          close();
        },
      },
    );

  return (
    <Stack gap="md" maw={720}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="boot-order-title">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="h4" id="boot-order-title">
              {t('boot_order.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('boot_order.intro')}
            </Text>
          </div>
          <BootDeviceList devices={devices} onChange={setDraft} disabled={block !== null || save.isPending} />
          <Text size="sm" data-testid="boot-order-current">
            {t('boot_order.current', { order: named(currentDevices) })}
          </Text>
          {block && (
            <Text size="sm" c="dimmed">
              {t(`blocked.${block}`)}
            </Text>
          )}
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => setAsking(true)} disabled={!changed || block !== null}>
              {t('boot_order.save')}
            </Button>
            {changed && (
              <Button variant="default" onClick={() => setDraft(null)}>
                {t('boot_order.undo')}
              </Button>
            )}
            <Button
              variant="subtle"
              onClick={() => setDraft(bootDevicesOf(DEFAULT_BOOT_ORDER))}
              disabled={block !== null || order === DEFAULT_BOOT_ORDER}
            >
              {t('boot_order.default')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <TabProgress vm={vm} progress={progress} onClose={clearProgress} />
      <Modal
        opened={asking}
        onClose={() => !save.isPending && close()}
        title={t('boot_order.confirm_title')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('boot_order.confirm_order', { order: named(devices) })}</Text>
          <Text size="sm">
            {running ? t('boot_order.confirm_running', { name: vm.name }) : t('boot_order.confirm_stopped', { name: vm.name })}
          </Text>
          {running && rebootBlock && (
            <Text size="sm" c="dimmed">
              {t('boot_order.reboot_blocked', { reason: t(`blocked.${rebootBlock}`) })}
            </Text>
          )}
          <ErrorAlert error={save.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={save.isPending} data-autofocus>
              {t('common:actions.cancel')}
            </Button>
            <Button variant="light" onClick={() => submit(false)} loading={save.isPending && save.variables?.p_reboot === false}>
              {running ? t('boot_order.later') : t('boot_order.save_only')}
            </Button>
            {running && (
              <Button
                color="red"
                onClick={() => submit(true)}
                disabled={rebootBlock !== null}
                loading={save.isPending && save.variables?.p_reboot === true}
              >
                {t('boot_order.reboot_now')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
