/**
 * A new dedicated offer (ServersPricelistCreate): its name and product code, the location, the
 * processor, chassis and disk set picked from the reference lists, the RAM and the monthly price
 * from today. The contract's schema checks the form first; the server checks the rows exist.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { serversPricelistCreateSchema } from '@portside/contract/schemas/dedicated-prices';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateServersPricelistOffer } from '../api/create-servers-pricelist-offer';
import { useServersCpuFamilies } from '../api/get-cpu-families';
import { useServerDiskSets } from '../api/get-disk-sets';
import { useLocations } from '../api/get-locations';
import { useServersModels } from '../api/get-server-models';
import { diskSetText } from '../lib/pricelist-query';

interface Form {
  name: string;
  product: string;
  location: string | null;
  cpu: string | null;
  model: string | null;
  disks: string | null;
  ram: number | string;
  euros: number | string;
}
const EMPTY: Form = { name: '', product: '', location: null, cpu: null, model: null, disks: null, ram: '', euros: '' };

export function NewOfferDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['dedprices', 'validation', 'common']);
  const [f, setF] = useState<Form>(EMPTY);
  const [touched, setTouched] = useState(false);
  const create = useCreateServersPricelistOffer();
  const locations = useLocations();
  const cpus = useServersCpuFamilies();
  const models = useServersModels();
  const sets = useServerDiskSets();

  useEffect(() => {
    if (opened) {
      setF(EMPTY);
      setTouched(false);
      create.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [opened]);

  const body = {
    p_name: f.name,
    p_product: f.product.trim(),
    p_location: f.location ?? '',
    p_cpu_family: Number(f.cpu),
    ...(f.model ? { p_model: Number(f.model) } : {}),
    p_disk_set: Number(f.disks),
    p_ram_gb: f.ram === '' ? NaN : Number(f.ram),
    p_cents: f.euros === '' ? NaN : Math.round(Number(f.euros) * 100),
  };
  const parsed = serversPricelistCreateSchema.safeParse(body);
  const problem = (field: string): string | undefined => {
    if (!touched || parsed.success) return undefined;
    const issue = parsed.error.issues.find((i) => i.path[0] === field);
    return issue ? t(`validation:${issue.message}`) : undefined;
  };
  const set = (patch: Partial<Form>) => setF((x) => ({ ...x, ...patch }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        onClose();
        notifySuccess(t('new.created', { name: parsed.data.p_name }));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !create.isPending && onClose()}
      title={t('new.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('new.name')}
            value={f.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            required
            error={problem('p_name')}
          />
          <TextInput
            label={t('new.product')}
            description={t('new.product_hint')}
            value={f.product}
            onChange={(e) => set({ product: e.currentTarget.value })}
            required
            error={problem('p_product')}
          />
          <Select
            label={t('offers.location')}
            data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={f.location}
            onChange={(v) => set({ location: v })}
            required
            error={problem('p_location')}
          />
          <Select
            label={t('new.cpu')}
            data={(cpus.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={f.cpu}
            onChange={(v) => set({ cpu: v })}
            searchable
            required
            error={problem('p_cpu_family')}
          />
          <Select
            label={t('new.model')}
            data={(models.data ?? []).map((m) => ({ value: String(m.id), label: `${m.vendor} ${m.name}` }))}
            value={f.model}
            onChange={(v) => set({ model: v })}
            searchable
            clearable
          />
          <Select
            label={t('new.disks')}
            data={(sets.data ?? []).map((d) => ({ value: String(d.id), label: diskSetText(d.parts) }))}
            value={f.disks}
            onChange={(v) => set({ disks: v })}
            required
            error={problem('p_disk_set')}
          />
          <NumberInput
            label={t('new.ram')}
            min={1}
            allowDecimal={false}
            value={f.ram}
            onChange={(v) => set({ ram: v })}
            required
            error={problem('p_ram_gb')}
          />
          <NumberInput
            label={t('new.price')}
            description={t('offers.unit')}
            prefix="€ "
            min={0}
            decimalScale={2}
            allowNegative={false}
            value={f.euros}
            onChange={(v) => set({ euros: v })}
            required
            error={problem('p_cents')}
          />
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('new.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
