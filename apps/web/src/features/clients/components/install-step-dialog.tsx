/**
 * Moving an install forward (ServerInstallStep): the next steps short of the hand-over (which
 * hands the machine over in its own dialog); at 'racked' the machine's serial may be recorded.
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { INSTALL_STEPS, type InstallStep } from '@portside/contract/schemas/dedicated';
import type { InstalledServerItem } from '@portside/contract/schemas/clients';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useServerInstallStep } from '../api/move-install';

const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

function StepForm({ install, onClose }: { install: InstalledServerItem; onClose: () => void }) {
  const { t } = useTranslation(['clients', 'common']);
  const move = useServerInstallStep();
  const later = INSTALL_STEPS.filter((s, i) => i > INSTALL_STEPS.indexOf(install.step) && s !== 'handed-over');
  const [step, setStep] = useState<InstallStep | null>(later[0] ?? null);
  const [serial, setSerial] = useState('');
  const serialBad = serial.trim() !== '' && !SERIAL.test(serial.trim());
  const submit = () => {
    if (!step || serialBad) return;
    move.mutate(
      { p_serial: install.serial, p_step: step, ...(step === 'racked' && serial.trim() ? { p_new_serial: serial.trim() } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('installs.moved', { hostname: install.hostname, step: t(`installs.steps.${step}`) }));
          onClose();
        },
      },
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Select
          label={t('installs.next_step')}
          data={later.map((s) => ({ value: s, label: t(`installs.steps.${s}`) }))}
          value={step}
          onChange={(v) => setStep(v)}
          allowDeselect={false}
        />
        {step === 'racked' && (
          <TextInput
            label={t('installs.machine_serial')}
            description={t('installs.machine_serial_hint')}
            value={serial}
            onChange={(e) => setSerial(e.currentTarget.value)}
            error={serialBad ? t('installs.serial_invalid') : undefined}
          />
        )}
        <ErrorAlert error={move.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={move.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={move.isPending} disabled={!step}>
            {t('installs.move')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function InstallStepDialog({ install, onClose }: { install: InstalledServerItem | null; onClose: () => void }) {
  const { t } = useTranslation(['clients', 'common']);
  return (
    <Modal
      opened={install !== null}
      onClose={onClose}
      title={t('installs.move_title', { hostname: install?.hostname ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      {/* Keyed by the install: another install starts with a fresh form. */}
      {install && <StepForm key={install.serial} install={install} onClose={onClose} />}
    </Modal>
  );
}
