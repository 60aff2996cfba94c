/**
 * A new cloud model (POST ProductsModels): its code (S<cores>R<RAM>, filled in from the size until
 * staff type their own), core type, size and a monthly price at every location. The contract's
 * schema checks the form before the call, and the server again.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { productsModelCreateSchema, type ProductsModelCreate } from '@portside/contract/schemas/cloud-prices';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useModelCatalogue } from '../api/get-model-catalogue';

export interface CreateModelDialogProps {
  opened: boolean;
  onClose: () => void;
  saving: boolean;
  error: unknown;
  onCreate: (body: ProductsModelCreate) => void;
}

type Num = number | string;
const num = (v: Num) => (typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v));

export function CreateModelDialog(p: CreateModelDialogProps) {
  const { t } = useTranslation(['cloudprices', 'validation', 'common']);
  const catalogue = useModelCatalogue(p.opened);
  const [code, setCode] = useState('');
  const [codeTyped, setCodeTyped] = useState(false);
  const [coreType, setCoreType] = useState<string | null>(null);
  const [cores, setCores] = useState<Num>('');
  const [ram, setRam] = useState<Num>('');
  const [disk, setDisk] = useState<Num>('');
  const [prices, setPrices] = useState<Record<string, Num>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!p.opened) return;
    setCode('');
    setCodeTyped(false);
    setCoreType(null);
    setCores('');
    setRam('');
    setDisk('');
    setPrices({});
    setErrors({});
  }, [p.opened]);

  useEffect(() => {
    if (!codeTyped && Number.isInteger(num(cores)) && Number.isInteger(num(ram))) setCode(`S${num(cores)}R${num(ram)}`);
  }, [cores, ram, codeTyped]);

  const locations = catalogue.data?.locations ?? [];
  const body = {
    p_code: code,
    p_core_type: coreType ?? '',
    p_cores: num(cores),
    p_ram_gb: num(ram),
    p_disk_gb: num(disk),
    p_prices: locations.map((l) => ({ location: l.id, cents: Math.round(num(prices[l.id] ?? '') * 100) })),
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = productsModelCreateSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key =
          issue.path.length >= 2 && issue.path[0] === 'p_prices'
            ? `price:${String(locations[Number(issue.path[1])]?.id)}`
            : String(issue.path[0]);
        next[key] ??= t(`validation:${issue.message}`);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    p.onCreate(parsed.data);
  };

  return (
    <Modal
      opened={p.opened}
      onClose={() => !p.saving && p.onClose()}
      title={t('create.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      closeOnClickOutside={!p.saving}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {catalogue.isPending && <Text size="sm">{t('create.loading')}</Text>}
          <ErrorAlert error={catalogue.error} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NumberInput
              label={t('create.cores')}
              min={1}
              allowDecimal={false}
              value={cores}
              onChange={setCores}
              required
              error={errors.p_cores}
            />
            <NumberInput
              label={t('create.ram')}
              min={1}
              allowDecimal={false}
              value={ram}
              onChange={setRam}
              required
              error={errors.p_ram_gb}
            />
            <NumberInput
              label={t('create.disk')}
              min={1}
              allowDecimal={false}
              value={disk}
              onChange={setDisk}
              required
              error={errors.p_disk_gb}
            />
          </SimpleGrid>
          <TextInput
            label={t('create.code')}
            description={t('create.code_hint')}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setCodeTyped(true);
            }}
            required
            error={errors.p_code}
          />
          <Select
            label={t('create.core_type')}
            data={(catalogue.data?.core_types ?? []).map((c) => ({ value: c.code, label: c.name }))}
            value={coreType}
            onChange={setCoreType}
            required
            error={errors.p_core_type}
          />
          {locations.map((l) => (
            <NumberInput
              key={l.id}
              label={t('create.price', { location: l.name })}
              prefix="€ "
              min={0}
              decimalScale={2}
              allowNegative={false}
              value={prices[l.id] ?? ''}
              onChange={(v) => setPrices((old) => ({ ...old, [l.id]: v }))}
              required
              error={errors[`price:${l.id}`] ?? (l === locations[0] ? errors.p_prices : undefined)}
            />
          ))}
          <ErrorAlert error={p.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={p.onClose} disabled={p.saving}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={p.saving} disabled={locations.length === 0}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
