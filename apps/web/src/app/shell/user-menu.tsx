/**
 * Greeting with the customer's first name and its menu: Profile, Settings, Billing. Billing opens
 * the account's external billing link (invoice_ninja_client_link) in a new tab when it has one,
 * and the portal's own /billing page otherwise; it shows only to users who may see billing
 * (billing-manage, or finance and staff: docs/access.md).
 */
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canSeeBilling } from '@portside/contract/rules/menu-access';
import type { Profile } from '@portside/contract/schemas/profile';
import { Icon } from '../../shared/ui/icons';

export function UserMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation('shell');
  const billing = profile.invoice_ninja_client_link;
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          rightSection={<span aria-hidden="true">▾</span>}
          leftSection={<Icon name="user" size={16} />}
        >
          {t('topbar.greeting', { name: profile.first_name })}
        </Button>
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
