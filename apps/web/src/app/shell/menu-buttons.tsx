/**
 * The top bar's menu buttons without their menus: the greeting, the colour scheme and the language
 * buttons. The first screen renders these; the menus (./menus.tsx, with Mantine's Menu) arrive right
 * after and wrap the same buttons (./top-bar-menus.ts).
 */
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { ActionIcon, Button, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LANGUAGE_OPTIONS } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { Profile } from '@portside/contract/schemas/profile';
import { FlagIcon } from '../../shared/ui/flag-icon';
import { Icon } from '../../shared/ui/icons';

/** What a menu's target receives from Mantine's Menu.Target (handlers, aria attributes, ref). */
export type TargetProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'> & { ref?: Ref<HTMLButtonElement> };

export function UserMenuButton({ profile, ...target }: { profile: Profile } & TargetProps) {
  const { t } = useTranslation('shell');
  return (
    <Button
      variant="subtle"
      color="gray"
      rightSection={<span aria-hidden="true">▾</span>}
      leftSection={<Icon name="user" size={16} />}
      {...target}
    >
      {t('topbar.greeting', { name: profile.first_name })}
    </Button>
  );
}

export function LanguageButton(target: TargetProps) {
  const { t, i18n } = useTranslation('shell');
  const option = LANGUAGE_OPTIONS.find((o) => o.code === normalizeLocale(i18n.language)) ?? LANGUAGE_OPTIONS[0]!;
  const code = option.code.toUpperCase();
  return (
    <Button
      variant="subtle"
      color="gray"
      px={8}
      // The name starts with the code the button shows (WCAG 2.5.3, label in name), so that a
      // voice user who says "click EN" reaches it, then says what it is.
      aria-label={`${code} · ${t('language.label', { language: option.name })}`}
      leftSection={<FlagIcon code={option.code} />}
      {...target}
    >
      {code}
    </Button>
  );
}

export function ColorSchemeButton(target: TargetProps) {
  const { t } = useTranslation('shell');
  const shown = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('color_scheme.label')} {...target}>
      <Icon name={shown === 'dark' ? 'moon' : 'sun'} />
    </ActionIcon>
  );
}
