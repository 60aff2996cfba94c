/**
 * Detaching the ISO image: the 'ISO detach confirm' modal, then the choice to reboot now or later
 * (spec 1 §4). 'Reboot now' waits until the detach has finished (one operation at a time) and
 * needs what a reboot needs (running, unlocked); 'Later' closes.
 */
import { useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VmRow } from '@portside/contract/schemas/vms';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDetachIso } from '../api/detach-iso';
import { usePowerVm } from '../api/power-vm';
import { powerBlock } from '../lib/vm-rules';

export interface IsoDetachFlowProps {
  vm: VmRow;
  opened: boolean;
  onClose: () => void;
}

export function IsoDetachFlow({ vm, opened, onClose }: IsoDetachFlowProps) {
  const { t } = useTranslation(['servers', 'common']);
  const detach = useDetachIso();
  const reboot = usePowerVm();
  const [choosing, setChoosing] = useState(false);
  const name = vm.iso_name ?? '';
  const detachRunning = vm.operation === 'iso-detach';
  const rebootBlock = powerBlock(vm, 'reboot');

  const confirm = () =>
    detach.mutate(
      { p_provisioned_id: vm.provisioned_id },
      {
        onSuccess: () => {
          onClose();
          setChoosing(true);
        },
      },
    );
  const later = () => {
    reboot.reset();
    setChoosing(false);
    detach.reset();
  };
  const rebootNow = () =>
    reboot.mutate(
      { action: 'reboot', id: vm.provisioned_id },
      {
        onSuccess: () => {
          notifySuccess(t('power.sent.reboot', { name: vm.name }));
          later();
        },
      },
    );

  return (
    <>
      <ConfirmDialog
        opened={opened}
        title={t('image.detach.title')}
        confirmLabel={t('image.detach.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirm}
        onClose={() => {
          detach.reset();
          onClose();
        }}
        loading={detach.isPending}
        error={<ErrorAlert error={detach.error} />}
      >
        <Text size="sm">{t('image.detach.body', { name, server: vm.name })}</Text>
      </ConfirmDialog>
      <Modal
        opened={choosing}
        onClose={later}
        title={t('image.reboot.title')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('image.reboot.body', { server: vm.name })}</Text>
          {detachRunning && (
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">{t('image.reboot.waiting')}</Text>
            </Group>
          )}
          {!detachRunning && rebootBlock && (
            <Text size="sm" c="dimmed">
              {t(`blocked.${rebootBlock}`)}
            </Text>
          )}
          <ErrorAlert error={reboot.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={later} data-autofocus>
              {t('image.reboot.later')}
            </Button>
            <Button onClick={rebootNow} loading={reboot.isPending} disabled={detachRunning || rebootBlock !== null}>
              {t('image.reboot.now')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
