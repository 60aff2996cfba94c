/**
 * The BIOS tab (spec 1 §3 'BIOS type'): a Windows server's firmware — SeaBIOS (legacy) or OVMF
 * (UEFI) — and its TPM 2.0, changed only while the server is stopped (VM_MUST_BE_STOPPED). Other
 * systems keep their firmware: the tab says so and offers nothing.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { findVmImage } from '@portside/contract/images';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useUpdateBios, useUpdateTpm } from '../api/update-firmware';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock } from '../lib/vm-data';
import { FIRMWARE_KINDS, isWindowsImage } from '../lib/vm-lifecycle';
import { TabProgress } from './live-progress';

type Firmware = 'seabios' | 'ovmf';
const FIRMWARES: readonly Firmware[] = ['seabios', 'ovmf'];

export default function BiosTab({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common']);
  const [progress, clearProgress] = useTabProgress(vm, FIRMWARE_KINDS);
  const current: Firmware = vm.bios === 'ovmf' ? 'ovmf' : 'seabios';
  const firmwareName = (f: string) => t(`bios.firmware.${f === 'ovmf' ? 'ovmf' : 'seabios'}`);

  const facts = (
    <Stack gap={4}>
      <Text size="sm">{t('bios.current', { firmware: firmwareName(vm.bios) })}</Text>
      <Text size="sm">{vm.tpm ? t('bios.tpm_on') : t('bios.tpm_off')}</Text>
    </Stack>
  );

  return (
    <Stack gap="md" maw={720}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="bios-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="bios-title">
            {t('bios.title')}
          </Title>
          {facts}
          {isWindowsImage(vm.image) ? (
            <WindowsFirmware vm={vm} current={current} />
          ) : (
            <Alert color="gray" variant="light" title={t('bios.not_windows_title')}>
              {t('bios.not_windows_body', { image: findVmImage(vm.image)?.name ?? vm.image })}
            </Alert>
          )}
        </Stack>
      </Paper>
      <TabProgress vm={vm} progress={progress} onClose={clearProgress} />
    </Stack>
  );
}

function WindowsFirmware({ vm, current }: { vm: VmRow; current: Firmware }) {
  const { t } = useTranslation(['servers', 'common']);
  const bios = useUpdateBios();
  const tpm = useUpdateTpm();
  const [chosen, setChosen] = useState<Firmware>(current);
  const [confirming, setConfirming] = useState<'bios' | 'tpm' | null>(null);
  const biosBlock = dataActionBlock(vm, 'bios');
  const tpmBlock = dataActionBlock(vm, vm.tpm ? 'tpm-remove' : 'tpm-add');
  const firmwareName = (f: Firmware) => t(`bios.firmware.${f}`);
  const labels = { cancelLabel: t('common:actions.cancel'), closeLabel: t('common:actions.close') };

  const close = () => {
    bios.reset();
    tpm.reset();
    setConfirming(null);
  };
  const sendBios = () =>
    bios.mutate(
      { p_provisioned_id: vm.provisioned_id, p_bios: chosen },
      {
        onSuccess: () => {
          notifySuccess(t('bios.sent', { name: vm.name, firmware: firmwareName(chosen) }));
          close();
        },
      },
    );
  const sendTpm = () =>
    tpm.mutate(
      { p_provisioned_id: vm.provisioned_id, p_tpm: vm.tpm ? 'off' : 'on' },
      {
        onSuccess: () => {
          notifySuccess(t(vm.tpm ? 'bios.tpm.removing' : 'bios.tpm.adding', { name: vm.name }));
          close();
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('bios.windows_hint')}
      </Text>
      <Radio.Group label={t('bios.choose')} value={chosen} onChange={(v) => setChosen(v)}>
        <Stack gap="xs" mt="xs">
          {FIRMWARES.map((f) => (
            <Radio
              key={f}
              value={f}
              label={firmwareName(f)}
              description={t(`bios.firmware_help.${f}`)}
              disabled={biosBlock !== null}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button onClick={() => setConfirming('bios')} disabled={chosen === current || biosBlock !== null}>
          {t('bios.switch')}
        </Button>
      </Group>
      <Switch
        label={t('bios.tpm.label')}
        description={t('bios.tpm.help')}
        checked={vm.tpm}
        disabled={tpmBlock !== null}
        onChange={() => setConfirming('tpm')}
      />
      {(biosBlock ?? tpmBlock) && (
        <Text size="sm" c="dimmed">
          {t(`blocked.${(biosBlock ?? tpmBlock)!}`)}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming === 'bios'}
        title={t('bios.confirm_title', { firmware: firmwareName(chosen) })}
        confirmLabel={t('bios.switch')}
        {...labels}
        onConfirm={sendBios}
        onClose={close}
        loading={bios.isPending}
        error={<ErrorAlert error={bios.error} />}
      >
        <Alert color="yellow" variant="light">
          {t('bios.confirm_body', { name: vm.name })}
        </Alert>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'tpm'}
        title={t(vm.tpm ? 'bios.tpm.remove_title' : 'bios.tpm.add_title')}
        confirmLabel={t(vm.tpm ? 'bios.tpm.remove' : 'bios.tpm.add')}
        {...labels}
        danger={vm.tpm}
        onConfirm={sendTpm}
        onClose={close}
        loading={tpm.isPending}
        error={<ErrorAlert error={tpm.error} />}
      >
        {vm.tpm ? (
          <Alert color="red" variant="light">
            {t('bios.tpm.remove_body', { name: vm.name })}
          </Alert>
        ) : (
          <Text size="sm">{t('bios.tpm.add_body', { name: vm.name })}</Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
