/**
 * The billing address (spec 2 §7 ProfileUpdateBillingAddress): the registration's billing fields
 * with the registration's rules (the contract schema takes them from registerSchema), pre-filled
 * from the profile. The owner and sub-users holding billing-manage may change it; others see it
 * read-only (docs/access.md).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Profile } from '@portside/contract/schemas/profile';
import { vatNumberExample } from '@portside/contract/rules/vat-number';
import {
  BILLING_ADDRESS_FIELDS,
  profileUpdateBillingAddressSchema,
  type BillingAddressField,
} from '@portside/contract/schemas/settings';
import { countryOptions, dialCodeOf } from '../../../shared/forms/countries';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useSession } from '../../../shared/session/store';
import { useClaim } from '../../../shared/session/use-claim';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useUpdateBillingAddress } from '../api/update-billing-address';
import { Section } from './section';

const OPTIONAL: ReadonlySet<BillingAddressField> = new Set(['p_company_name', 'p_address2', 'p_vat_number']);

const AUTOCOMPLETE: Record<BillingAddressField, string> = {
  p_company_name: 'organization',
  p_address: 'address-line1',
  p_address2: 'address-line2',
  p_city: 'address-level2',
  p_country: 'country',
  p_state: 'address-level1',
  p_postcode: 'postal-code',
  p_phone_prefix: 'tel-country-code',
  p_phone_number: 'tel-national',
  p_vat_number: 'off',
};

/** The form's values from the profile (null optional fields as ''). */
function valuesOf(p: Profile | null): Record<BillingAddressField, string> {
  return {
    p_company_name: p?.company_name ?? '',
    p_address: p?.address ?? '',
    p_address2: p?.address2 ?? '',
    p_city: p?.city ?? '',
    p_country: p?.country ?? '',
    p_state: p?.state ?? '',
    p_postcode: p?.postcode ?? '',
    p_phone_prefix: p?.phone_prefix ?? '',
    p_phone_number: p?.phone_number ?? '',
    p_vat_number: p?.vat_number ?? '',
  };
}

export function BillingAddressSection() {
  const { t, i18n } = useTranslation(['settings', 'validation']);
  const profile = useSession('customerDetails');
  const owner = useClaim('billing-manage');
  const form = useSchemaForm('billing', profileUpdateBillingAddressSchema, valuesOf(profile));
  const mutation = useUpdateBillingAddress();
  const [saved, setSaved] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
  // The VAT number's format follows the chosen country (EU, GB, CH, NO); an example shows it.
  const vatExample = vatNumberExample(form.values.p_country);

  // Pre-fill again when the profile arrives or changes elsewhere (not while the user edits).
  const { reset } = form;
  const profileKey = JSON.stringify(valuesOf(profile));
  useEffect(() => {
    reset(JSON.parse(profileKey) as Record<BillingAddressField, string>);
  }, [profileKey, reset]);

  const submit = form.handleSubmit((body) => {
    setSaved(false);
    mutation.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (e) => {
        const fields = fieldErrorsFromApi<BillingAddressField>(e);
        if (fields) form.setErrors(fields);
      },
    });
  });

  const common = (name: BillingAddressField) => ({
    ...form.bind(name),
    label: t(`settings:billing.fields.${name}`),
    description:
      name === 'p_vat_number' && vatExample
        ? t('settings:billing.vat_hint', { example: vatExample })
        : OPTIONAL.has(name)
          ? t('settings:optional')
          : undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as Array<'label' | 'input' | 'description' | 'error'>,
    required: !OPTIONAL.has(name),
    autoComplete: AUTOCOMPLETE[name],
    readOnly: !owner,
    error: form.errors[name] ? translateKey(t, form.errors[name]) : undefined,
  });

  const onCountry = (code: string) => {
    const previous = dialCodeOf(form.values.p_country);
    const prefix = form.values.p_phone_prefix.trim();
    form.setValue('p_country', code);
    const next = dialCodeOf(code);
    if (next && (prefix === '' || prefix === previous)) form.setValue('p_phone_prefix', next);
  };

  return (
    <Section
      id="billing"
      title={t('settings:billing.title')}
      intro={t(owner ? 'settings:billing.intro' : 'settings:billing.owner_only')}
    >
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {BILLING_ADDRESS_FIELDS.map((name) =>
            name === 'p_country' ? (
              <NativeSelect
                key={name}
                {...common(name)}
                disabled={!owner}
                onChange={(e) => onCountry(e.currentTarget.value)}
                data={[
                  { value: '', label: t('settings:billing.country_placeholder') },
                  ...countries.map((c) => ({ value: c.code, label: c.name })),
                ]}
              />
            ) : (
              <TextInput key={name} {...common(name)} inputMode={name.startsWith('p_phone') ? 'tel' : undefined} />
            ),
          )}
        </SimpleGrid>
        {owner && (
          <Group mt="md">
            <Button type="submit" loading={mutation.isPending}>
              {t('settings:billing.submit')}
            </Button>
          </Group>
        )}
      </form>
      {saved && (
        <Alert color="green" variant="light" role="status">
          {t('settings:billing.saved')}
        </Alert>
      )}
      {mutation.error && !fieldErrorsFromApi(mutation.error) ? <ErrorAlert error={mutation.error} /> : null}
    </Section>
  );
}
