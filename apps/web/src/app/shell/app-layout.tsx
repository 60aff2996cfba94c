/**
 * The app shell for logged-in users (spec 1 §2 'App shell'): top bar, collapsible sidebar with a
 * mobile toggle, the banners, the routed page and the footer.
 */
import { useEffect, type ReactNode } from 'react';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/store';
import { useInactivityLogout } from '../../shared/session/use-inactivity-logout';
import { Banners } from '../../shared/ui/notify';
import { TerminalMount } from '../../features/terminal/terminal-mount';
import { FooterLinks } from './footer-links';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export default function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const profile = useSession('customerDetails');
  // Logged in: the inactivity logout (spec 1 §1) watches this tab.
  useInactivityLogout();
  const { pathname } = useLocation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);

  // On mobile the sidebar closes once the user has picked a page.
  const closeMobile = mobile.close;
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  if (!profile) return <>{children}</>;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          profile={profile}
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          onToggleMobile={mobile.toggle}
          onToggleDesktop={desktop.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('sidebar.label')}>
        <Sidebar profile={profile} />
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <Banners />
        <Box style={{ flex: 1 }}>{children}</Box>
        <FooterLinks />
      </AppShell.Main>
      <TerminalMount />
    </AppShell>
  );
}
