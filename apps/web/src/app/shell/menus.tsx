/**
 * The top bar's menus, loaded right after the first screen (./top-bar-menus.ts): the greeting's
 * Profile, Settings and Billing (Billing opens the account's external billing link,
 * invoice_ninja_client_link, in a new tab when it has one, and the portal's /billing otherwise; it
 * shows only to users who may see billing: billing-manage, or finance and staff, docs/access.md);
 * the colour scheme (light, dark, or the system's setting, kept in localStorage by Mantine's
 * manager; public/color-scheme.js applies it before the first paint); the language picker (choosing
 * one sets the locale and the page's lang attribute and, when logged in, saves it to the account).
 */
import { Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LANGUAGE_OPTIONS } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { canSeeBilling } from '@portside/contract/rules/menu-access';
import type { Profile } from '@portside/contract/schemas/profile';
import { setLanguage } from '../../shared/i18n/language';
import type { DeferredProps } from '../../shared/ui/deferred';
import { FlagIcon } from '../../shared/ui/flag-icon';
import { Icon, type IconName } from '../../shared/ui/icons';
import { ColorSchemeButton, LanguageButton, UserMenuButton } from './menu-buttons';

export function UserMenu({ profile, defaultOpened }: { profile: Profile } & DeferredProps) {
  const { t } = useTranslation('shell');
  const billing = profile.invoice_ninja_client_link;
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={200} defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton profile={profile} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile" leftSection={<Icon name="user" size={16} />}>
          {t('user_menu.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<Icon name="settings" size={16} />}>
          {t('user_menu.settings')}
        </Menu.Item>
        {!canSeeBilling(profile) ? null : billing ? (
          <Menu.Item
            component="a"
            href={billing}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<Icon name="billing" size={16} />}
            rightSection={<Icon name="external" size={14} />}
          >
            {t('user_menu.billing')}
          </Menu.Item>
        ) : (
          <Menu.Item component={Link} to="/billing" leftSection={<Icon name="billing" size={16} />}>
            {t('user_menu.billing')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

export function LanguageMenu({ defaultOpened }: DeferredProps) {
  const { t, i18n } = useTranslation('shell');
  const current = normalizeLocale(i18n.language);
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={190} defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton />
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

const CHOICES: ReadonlyArray<{ scheme: MantineColorScheme; icon: IconName }> = [
  { scheme: 'light', icon: 'sun' },
  { scheme: 'dark', icon: 'moon' },
  { scheme: 'auto', icon: 'monitor' },
];

export function ColorSchemeMenu({ defaultOpened }: DeferredProps) {
  const { t } = useTranslation('shell');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={200} defaultOpened={defaultOpened}>
      <Menu.Target>
        <ColorSchemeButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('color_scheme.label')}</Menu.Label>
        {CHOICES.map(({ scheme, icon }) => (
          <Menu.Item
            key={scheme}
            // Mantine keeps role="menuitem", where aria-checked is not allowed: the chosen one is current.
            aria-current={colorScheme === scheme ? 'true' : undefined}
            onClick={() => setColorScheme(scheme)}
            leftSection={<Icon name={icon} size={16} />}
            rightSection={colorScheme === scheme ? <Icon name="check" size={16} /> : undefined}
            fw={colorScheme === scheme ? 700 : undefined}
          >
            {t(`color_scheme.${scheme}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
