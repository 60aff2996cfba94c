/**
 * The top bar (spec 1 §2 'Top bar'): sidebar toggles, logo, global search, voucher, greeting menu,
 * colour scheme menu, language picker and the logout icon. Below 576 px the search field replaces the toggler when
 * opened; below 992 px voucher, greeting and logout move into the sidebar.
 */
import { useState } from 'react';
import { ActionIcon, Box, Burger, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { Profile } from '@portside/contract/schemas/profile';
import { SearchBox } from '../../features/search/components/search-box';
import { VoucherSlot } from '../../features/voucher/components/voucher-slot';
import { CartButton } from '../../features/order/components/cart-button';
import { Icon } from '../../shared/ui/icons';
import { LazyTooltip } from '../../shared/ui/lazy-tooltip';
import { Logo } from './logo';
import { ColorSchemeMenu, LanguagePicker, UserMenu } from './top-bar-menus';
import { clearBanners } from '../../shared/ui/notify';

export interface TopBarProps {
  profile: Profile;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
}

export function TopBar({ profile, mobileOpened, desktopOpened, onToggleMobile, onToggleDesktop }: TopBarProps) {
  const { t } = useTranslation('shell');
  const [mobileSearch, setMobileSearch] = useState(false);

  if (mobileSearch) {
    // Mobile: the search field takes the toggler's place, with its own close button.
    return (
      <Group h="100%" px="sm" wrap="nowrap">
        <SearchBox autoFocus onClose={() => setMobileSearch(false)} />
      </Group>
    );
  }

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="md"
          size="sm"
          aria-label={t('topbar.toggle_sidebar')}
          aria-expanded={mobileOpened}
        />
        <Burger
          opened={desktopOpened}
          onClick={onToggleDesktop}
          visibleFrom="md"
          size="sm"
          aria-label={t('topbar.toggle_sidebar')}
          aria-expanded={desktopOpened}
        />
        <Logo />
        <Box visibleFrom="xs" style={{ flex: 1, minWidth: 0 }} ml="md">
          <SearchBox />
        </Box>
      </Group>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          hiddenFrom="xs"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('search.open')}
          onClick={() => setMobileSearch(true)}
        >
          <Icon name="search" />
        </ActionIcon>
        <CartButton />
        <Box visibleFrom="md">
          <VoucherSlot />
        </Box>
        <Box visibleFrom="md">
          <UserMenu profile={profile} />
        </Box>
        <ColorSchemeMenu />
        <LanguagePicker />
        <LazyTooltip label={t('topbar.logout')} withArrow>
          <ActionIcon
            component={Link}
            to="/logout-raw"
            onClick={clearBanners}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('topbar.logout')}
            visibleFrom="md"
          >
            <Icon name="logout" />
          </ActionIcon>
        </LazyTooltip>
      </Group>
    </Group>
  );
}
