/**
 * The colour scheme switch of the top bar: light, dark, or the system's setting (the default).
 * Mantine's colour scheme manager keeps the choice in localStorage; public/color-scheme.js applies
 * it before the first paint, so a dark page does not flash white while the app loads.
 */
import { ActionIcon, Menu, useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../shared/ui/icons';

const CHOICES: ReadonlyArray<{ scheme: MantineColorScheme; icon: IconName }> = [
  { scheme: 'light', icon: 'sun' },
  { scheme: 'dark', icon: 'moon' },
  { scheme: 'auto', icon: 'monitor' },
];

export function ColorSchemeMenu() {
  const { t } = useTranslation('shell');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const shown = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('color_scheme.label')}>
          <Icon name={shown === 'dark' ? 'moon' : 'sun'} />
        </ActionIcon>
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
