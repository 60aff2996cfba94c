/**
 * Language picker with flags (LANGUAGE_OPTIONS: code and name; the flags are inline SVG, see
 * FlagIcon). Choosing one sets the locale, the page's lang attribute and, when logged in, saves it
 * to the account.
 */
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { setLanguage } from '../../shared/i18n/language';
import { FlagIcon } from '../../shared/ui/flag-icon';

export function LanguagePicker() {
  const { t, i18n } = useTranslation('shell');
  const current = normalizeLocale(i18n.language);
  const option = LANGUAGE_OPTIONS.find((o) => o.code === current) ?? LANGUAGE_OPTIONS[0]!;
  const code = option.code.toUpperCase();
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={190}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={8}
          // The name starts with the code the button shows (WCAG 2.5.3, label in name), so that a
          // voice user who says "click EN" reaches it, then says what it is.
          aria-label={`${code} · ${t('language.label', { language: option.name })}`}
          leftSection={<FlagIcon code={option.code} />}
        >
          {code}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.title')}</Menu.Label>
        {LANGUAGE_OPTIONS.map((o) => (
          <Menu.Item
            key={o.code}
            lang={o.code}
            onClick={() => void setLanguage(o.code)}
            leftSection={<FlagIcon code={o.code} />}
            rightSection={o.code === current ? <span aria-hidden="true">✓</span> : undefined}
            aria-current={o.code === current ? 'true' : undefined}
            fw={o.code === current ? 700 : undefined}
          >
            {o.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
