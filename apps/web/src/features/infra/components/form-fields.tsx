/**
 * Inputs the register forms share: the driver choice (a segmented control, each driver named),
 * the hosting location, and a text input bound to a schema form field with its translated error.
 */
import { Input, PasswordInput, SegmentedControl, Select, Textarea, TextInput } from '@mantine/core';
import { translateKey } from '../../../shared/forms/field-messages';
import type { SchemaForm } from '../../../shared/forms/use-schema-form';
import { driverLabel } from '../lib/drivers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useLocations } from '../api/get-locations';

type AnyForm<F extends string> = SchemaForm<F, unknown>;

export function DriverChoice<F extends string>(p: { form: AnyForm<F>; field: F; drivers: readonly string[] }) {
  const { t } = useTranslation('infra');
  const labelId = `${p.form.idOf(p.field)}-label`;
  return (
    <Input.Wrapper label={t('fields.driver')} id={labelId}>
      <div>
        <SegmentedControl
          aria-labelledby={labelId}
          value={p.form.values[p.field]}
          onChange={(v) => p.form.setValue(p.field, v)}
          data={p.drivers.map((d) => ({ value: d, label: driverLabel(t, d) }))}
        />
      </div>
    </Input.Wrapper>
  );
}

export function LocationSelect<F extends string>({ form, field }: { form: AnyForm<F>; field: F }) {
  const { t } = useTranslation(['infra', 'validation', 'errors']);
  const locations = useLocations();
  const error = form.errors[field];
  return (
    <Select
      id={form.idOf(field)}
      label={t('fields.location')}
      placeholder={t('fields.location_placeholder')}
      data={(locations.data ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.id})` }))}
      value={form.values[field] || null}
      onChange={(v) => form.setValue(field, v ?? '')}
      error={error ? translateKey(t, error) : undefined}
      required
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export interface FieldProps<F extends string> {
  form: AnyForm<F>;
  field: F;
  label: string;
  description?: string;
  required?: boolean;
  kind?: 'text' | 'secret' | 'pem';
  placeholder?: string;
}

export function FormField<F extends string>({
  form,
  field,
  label,
  description,
  required,
  kind = 'text',
  placeholder,
}: FieldProps<F>) {
  const { t } = useTranslation(['infra', 'validation', 'errors']);
  const error = form.errors[field] ? translateKey(t, form.errors[field]) : undefined;
  const common = { ...form.bind(field), label, description, required, error, placeholder, autoComplete: 'off' };
  if (kind === 'secret') return <PasswordInput {...common} autoComplete="new-password" />;
  if (kind === 'pem')
    return <Textarea {...common} autosize minRows={2} maxRows={6} styles={{ input: { fontFamily: 'monospace' } }} />;
  return <TextInput {...common} />;
}
