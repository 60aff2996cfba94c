/**
 * The account's language (spec 1 §1): the interface switches at once and the choice is saved to
 * the account (ProfileUpdateLanguage, through the shared language switch the top bar uses too).
 */
import { useState } from 'react';
import { Alert, NativeSelect } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LANGUAGE_OPTIONS } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { setLanguage } from '../../../shared/i18n/language';
import { FlagIcon } from '../../../shared/ui/flag-icon';
import { Section } from './section';

export function LanguageSection() {
  const { t, i18n } = useTranslation('settings');
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const change = async (code: string) => {
    setBusy(true);
    setSaved(false);
    try {
      await setLanguage(code);
      setSaved(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="language" title={t('language.title')} intro={t('language.intro')}>
      <NativeSelect
        label={t('language.label')}
        value={current}
        disabled={busy}
        onChange={(e) => void change(e.currentTarget.value)}
        data={LANGUAGE_OPTIONS.map((o) => ({ value: o.code, label: o.name }))}
        leftSection={<FlagIcon code={current} />}
        w={{ base: '100%', xs: 260 }}
      />
      {saved && (
        <Alert color="green" variant="light" role="status">
          {t('language.saved')}
        </Alert>
      )}
    </Section>
  );
}
