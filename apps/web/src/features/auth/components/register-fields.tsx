/**
 * The sections of the registration form (spec 1 §2 'Other screens'): personal information,
 * account security, billing address and voucher. Each section is a fieldset with a legend.
 */
import { useMemo } from 'react';
import { Fieldset, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LIMITS } from '@portside/contract/constants';
import { vatNumberExample } from '@portside/contract/rules/vat-number';
import { countryOptions, dialCodeOf } from '../../../shared/forms/countries';
import { translateKey } from '../../../shared/forms/field-messages';
import type { SchemaForm } from '../../../shared/forms/use-schema-form';
import { PasswordField } from './password-field';

/** A field of the registration form (the register call's keys). */
export type RegisterField =
  | 'p_first_name'
  | 'p_last_name'
  | 'p_email'
  | 'p_company_name'
  | 'p_password'
  | 'p_password_confirm'
  | 'p_address'
  | 'p_address2'
  | 'p_city'
  | 'p_country'
  | 'p_state'
  | 'p_postcode'
  | 'p_phone_prefix'
  | 'p_phone_number'
  | 'p_vat_number'
  | 'p_voucher';

/** Every form field in display order (also the order of the error summary). */
export const REGISTER_FIELDS: readonly RegisterField[] = [
  'p_first_name',
  'p_last_name',
  'p_email',
  'p_company_name',
  'p_password',
  'p_password_confirm',
  'p_address',
  'p_address2',
  'p_city',
  'p_country',
  'p_state',
  'p_postcode',
  'p_phone_prefix',
  'p_phone_number',
  'p_vat_number',
  'p_voucher',
];

const OPTIONAL: ReadonlySet<RegisterField> = new Set(['p_company_name', 'p_address2', 'p_vat_number', 'p_voucher']);

const AUTOCOMPLETE: Partial<Record<RegisterField, string>> = {
  p_first_name: 'given-name',
  p_last_name: 'family-name',
  p_email: 'email',
  p_company_name: 'organization',
  p_password: 'new-password',
  p_password_confirm: 'new-password',
  p_address: 'address-line1',
  p_address2: 'address-line2',
  p_city: 'address-level2',
  p_country: 'country',
  p_state: 'address-level1',
  p_postcode: 'postal-code',
  p_phone_prefix: 'tel-country-code',
  p_phone_number: 'tel-national',
  p_voucher: 'off',
};

/** Sections as unstyled fieldsets with a heading-like legend. */
const SECTION = {
  variant: 'unstyled',
  styles: { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 8 } },
} as const;

interface RegisterFieldsProps {
  form: Pick<SchemaForm<RegisterField, unknown>, 'values' | 'errors' | 'bind' | 'setValue'>;
  labels: Record<RegisterField, string>;
}

export function RegisterFields({ form, labels }: RegisterFieldsProps) {
  const { t, i18n } = useTranslation(['auth', 'validation']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
  // The VAT number's format follows the chosen country (EU, GB, CH, NO); an example shows it.
  const vatExample = vatNumberExample(form.values.p_country);

  /** Label, error, optional marker and autocomplete shared by every input. */
  const common = (name: RegisterField) => ({
    ...form.bind(name),
    label: labels[name],
    description: OPTIONAL.has(name) ? t('auth:common.optional') : undefined,
    // Hints below the input keep the inputs of a row aligned.
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as Array<'label' | 'input' | 'description' | 'error'>,
    'aria-required': !OPTIONAL.has(name),
    autoComplete: AUTOCOMPLETE[name],
    error: form.errors[name] ? translateKey(t, form.errors[name]) : undefined,
  });
  const text = (name: RegisterField, extra: Record<string, unknown> = {}) => <TextInput {...common(name)} {...extra} />;

  const onCountry = (code: string) => {
    const previous = dialCodeOf(form.values.p_country);
    const prefix = form.values.p_phone_prefix.trim();
    form.setValue('p_country', code);
    // Fill the calling code unless the user typed one of their own.
    const next = dialCodeOf(code);
    if (next && (prefix === '' || prefix === previous)) form.setValue('p_phone_prefix', next);
  };

  return (
    <>
      <Fieldset legend={t('auth:register.personal.legend')} {...SECTION}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {text('p_first_name')}
          {text('p_last_name')}
          {text('p_email', { type: 'email', inputMode: 'email' })}
          {text('p_company_name')}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('auth:register.security.legend')} {...SECTION}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <PasswordField
            {...common('p_password')}
            description={t('auth:common.password_hint', {
              min: LIMITS.registrationPasswordMin,
            })}
          />
          <PasswordField {...common('p_password_confirm')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('auth:register.billing.legend')} {...SECTION}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {text('p_address')}
          {text('p_address2')}
          {text('p_city')}
          <NativeSelect
            {...common('p_country')}
            onChange={(e) => onCountry(e.currentTarget.value)}
            data={[
              { value: '', label: t('auth:register.billing.country_placeholder') },
              ...countries.map((c) => ({ value: c.code, label: c.name })),
            ]}
          />
          {text('p_state')}
          {text('p_postcode')}
          {text('p_phone_prefix', {
            inputMode: 'tel',
            description: t('auth:register.billing.phone_prefix_hint'),
          })}
          {text('p_phone_number', { type: 'tel', inputMode: 'tel' })}
          {text(
            'p_vat_number',
            vatExample ? { description: t('auth:register.billing.vat_number_hint', { example: vatExample }) } : {},
          )}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('auth:register.voucher.legend')} {...SECTION}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('p_voucher', {
            onChange: (e: { currentTarget: { value: string } }) =>
              form.setValue('p_voucher', e.currentTarget.value.toUpperCase()),
            description: t('auth:register.voucher.hint', {
              min: LIMITS.voucherMin,
              max: LIMITS.voucherMax,
            }),
          })}
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
