/**
 * The app shell for logged-in users (spec 1 §2 'App shell'): top bar, collapsible sidebar with a
 * mobile toggle, the provider's status banner, the banners, the page's help panel, the routed page
 * and the footer. The frame is the portal's own (./app-layout.module.css), not Mantine's AppShell,
 * whose resizable panels and scroll locking we do not use and whose code would be part of every
 * first load.
 */
import { useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSession } from '../../shared/session/store';
import { useInactivityLogout } from '../../shared/session/use-inactivity-logout';
import { Banners } from '../../shared/ui/notify';
import { TerminalMount } from '../../features/terminal/terminal-mount';
import { HelpPanelMount } from '../../features/support/components/help-panel-mount';
import { StatusBannerMount } from '../../features/support/components/status-banner-mount';
import { useRouteName } from '../use-route-name';
import { FooterLinks } from './footer-links';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import classes from './app-layout.module.css';

export default function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const profile = useSession('customerDetails');
  // Logged in: the inactivity logout (spec 1 §1) watches this tab.
  useInactivityLogout();
  const { pathname } = useLocation();
  const routeName = useRouteName();
  // The help panel's label is the route's name (issue 16); the pages outside the table have none.
  const helpLabel = routeName === 'not-found' || routeName === 'dev-mailbox' ? undefined : routeName;
  const [desktopOpened, desktop] = useDisclosure(true);

  // On mobile the sidebar closes once the user has picked a page (the route changes). It follows the
  // route while rendering: closed by an effect instead, a late first effect could shut the menu the
  // user had just opened.
  const [mobile, setMobile] = useState({ pathname, opened: false });
  if (mobile.pathname !== pathname) setMobile({ pathname, opened: false });
  const mobileOpened = mobile.opened;
  const toggleMobile = () => setMobile((m) => ({ ...m, opened: !m.opened }));

  if (!profile) return <>{children}</>;
  return (
    <div
      className={classes.root}
      data-mobile-opened={mobileOpened || undefined}
      data-desktop-collapsed={!desktopOpened || undefined}
    >
      <header className={classes.header}>
        <TopBar
          profile={profile}
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          onToggleMobile={toggleMobile}
          onToggleDesktop={desktop.toggle}
        />
      </header>
      <nav className={classes.navbar} aria-label={t('sidebar.label')}>
        <Sidebar profile={profile} />
      </nav>
      <main className={classes.main}>
        <StatusBannerMount />
        <Banners />
        <HelpPanelMount label={helpLabel} />
        <Box style={{ flex: 1 }}>{children}</Box>
        <FooterLinks />
      </main>
      <TerminalMount />
    </div>
  );
}
