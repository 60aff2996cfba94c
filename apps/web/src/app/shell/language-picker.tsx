/**
 * Language picker with flags (LANGUAGE_OPTIONS: code, name, flag). Choosing one sets the locale,
 * the page's lang attribute and, when logged in, saves it to the account.
 */
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { setLanguage } from '../../shared/i18n/language';

export function LanguagePicker() {
  const { t, i18n } = useTranslation('shell');
  const current = normalizeLocale(i18n.language);
  const option = LANGUAGE_OPTIONS.find((o) => o.code === current) ?? LANGUAGE_OPTIONS[0]!;
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={190}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={8}
          aria-label={t('language.label', { language: option.name })}
          leftSection={
            <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
              {option.flag}
            </span>
          }
        >
          <span aria-hidden="true">{option.code.toUpperCase()}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.title')}</Menu.Label>
        {LANGUAGE_OPTIONS.map((o) => (
          <Menu.Item
            key={o.code}
            lang={o.code}
            onClick={() => void setLanguage(o.code)}
            leftSection={<span aria-hidden="true">{o.flag}</span>}
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
