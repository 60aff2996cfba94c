/**
 * Handing an install's machine over (DedicatedServerCreate with p_install): its serial, the BMC it
 * is reached through (picked from the registered BMCs not attached to a server), model, CPU family
 * and name, and the hostname the customer ordered — prefilled from the install. The server's
 * location, account and price are the install's own.
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { InstalledServerItem } from '@portside/contract/schemas/clients';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useStaffBmcs } from '../api/get-staff-bmcs';
import { useDedicatedServerCreate } from '../api/hand-over-install';

const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;
const HOSTNAME = /^[A-Za-z0-9-]{1,63}$/;

interface Fields {
  serial: string;
  bmc: string | null;
  model: string;
  cpuFamily: string;
  cpuName: string;
  hostname: string;
}

function HandOverForm({ install, onClose }: { install: InstalledServerItem; onClose: () => void }) {
  const { t } = useTranslation(['clients', 'common']);
  const create = useDedicatedServerCreate();
  const bmcs = useStaffBmcs();
  const [f, setF] = useState<Fields>({
    // The reference INST-… is only a placeholder until the machine's serial is recorded.
    serial: install.serial.startsWith('INST-') ? '' : install.serial,
    bmc: null,
    model: install.offer_name,
    cpuFamily: '',
    cpuName: install.cpu,
    hostname: install.hostname,
  });
  const [tried, setTried] = useState(false);
  const set = (k: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.currentTarget.value });
  const errors = {
    serial: SERIAL.test(f.serial.trim()) ? null : t('installs.serial_invalid'),
    model: f.model.trim() ? null : t('handover.required'),
    cpuFamily: f.cpuFamily.trim() ? null : t('handover.required'),
    cpuName: f.cpuName.trim() ? null : t('handover.required'),
    hostname: HOSTNAME.test(f.hostname.trim()) ? null : t('handover.hostname_invalid'),
  };
  const ok = Object.values(errors).every((e) => e === null);
  const free = (bmcs.data ?? []).filter((b) => b.server === null);
  const submit = () => {
    setTried(true);
    if (!ok) return;
    create.mutate(
      {
        p_install: install.serial,
        p_serial: f.serial.trim(),
        p_location: install.location,
        p_client: install.client,
        p_hostname: f.hostname.trim(),
        p_model: f.model.trim(),
        p_cpu_family: f.cpuFamily.trim(),
        p_cpu_name: f.cpuName.trim(),
        ...(f.bmc ? { p_bmc: Number(f.bmc) } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(t('handover.done', { hostname: f.hostname.trim(), client: install.client_name }));
          onClose();
        },
      },
    );
  };
  const err = (k: keyof typeof errors) => (tried ? errors[k] : null);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('dedicated.serial')} required value={f.serial} onChange={set('serial')} error={err('serial')} />
          <Select
            label={t('handover.bmc')}
            description={t('handover.bmc_hint')}
            placeholder={bmcs.isPending ? t('handover.bmc_loading') : t('handover.bmc_none')}
            data={free.map((b) => ({ value: String(b.id), label: `${b.name} (${b.driver})` }))}
            value={f.bmc}
            onChange={(v) => setF({ ...f, bmc: v })}
            clearable
            searchable
            nothingFoundMessage={t('handover.bmc_empty')}
          />
          <TextInput label={t('dedicated.model')} required value={f.model} onChange={set('model')} error={err('model')} />
          <TextInput
            label={t('handover.cpu_family')}
            required
            value={f.cpuFamily}
            onChange={set('cpuFamily')}
            error={err('cpuFamily')}
          />
          <TextInput label={t('handover.cpu_name')} required value={f.cpuName} onChange={set('cpuName')} error={err('cpuName')} />
          <TextInput
            label={t('dedicated.hostname')}
            required
            value={f.hostname}
            onChange={set('hostname')}
            error={err('hostname')}
          />
        </SimpleGrid>
        <ErrorAlert error={create.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('handover.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function HandOverDialog({ install, onClose }: { install: InstalledServerItem | null; onClose: () => void }) {
  const { t } = useTranslation(['clients', 'common']);
  return (
    <Modal
      opened={install !== null}
      onClose={onClose}
      title={t('handover.title', { hostname: install?.hostname ?? '', client: install?.client_name ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      size="lg"
      centered
    >
      {install && <HandOverForm key={install.serial} install={install} onClose={onClose} />}
    </Modal>
  );
}
