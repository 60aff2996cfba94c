/**
 * The root of every screen: the navigation loading flag and its spinner, the document title,
 * and either the app shell (logged in) or the bare routed page (spec 1 §2 'App shell') under the
 * provider's status banner (the shell shows its own).
 */
import { Suspense, lazy, useEffect } from 'react';
import { Box, Center, Loader } from '@mantine/core';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation';
import { TIMING } from '@portside/contract/constants';
import { hasToken } from '../shared/session/auth';
import { setSession, useSession } from '../shared/session/store';
import { Banners } from '../shared/ui/notify';
import { StatusBannerMount } from '../features/support/components/status-banner-mount';
import { ChunkLoadError } from './chunk-reload';
import { routeKey, useRouteName } from './use-route-name';

// The shell is only needed once logged in: the login page does not download it.
const AppLayout = lazy(() =>
  import('./shell/app-layout').catch((e: unknown) => {
    throw new ChunkLoadError(e);
  }),
);

/** Sets the loading flag when a navigation starts and clears it 100 ms after it ends. */
function useLoadingFlag(): void {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state !== 'idle') {
      setSession('loading', true);
      return undefined;
    }
    const timer = window.setTimeout(() => setSession('loading', false), TIMING.loadingClearMs);
    return () => window.clearTimeout(timer);
  }, [navigation.state]);
}

/** Keeps document.title on the page's translated name. */
function useDocumentTitle(): void {
  const name = useRouteName();
  const { t, i18n } = useTranslation('pages');
  useEffect(() => {
    const page = name ? t(`titles.${routeKey(name)}`, { defaultValue: '' }) : '';
    document.title = page ? `${page} · Portside` : 'Portside';
  }, [name, t, i18n.language]);
}

/** The spinner shown while the loading flag is set. */
function NavigationSpinner() {
  const loading = useSession('loading');
  const { t } = useTranslation('common');
  if (!loading) return null;
  return (
    <Box
      role="status"
      aria-label={t('loading')}
      pos="fixed"
      top={10}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 1000, pointerEvents: 'none' }}
    >
      <Loader size="sm" />
    </Box>
  );
}

/** Whether the shell shows: token cookie, customer details, and not a logout address. */
export function useShellVisible(): boolean {
  const { pathname } = useLocation();
  const profile = useSession('customerDetails');
  return hasToken() && profile !== null && !pathname.includes('logout');
}

export function RootLayout() {
  useLoadingFlag();
  useDocumentTitle();
  const shell = useShellVisible();

  return (
    <>
      <NavigationSpinner />
      {shell ? (
        <Suspense fallback={<RootFallback />}>
          <AppLayout>
            <Outlet />
          </AppLayout>
        </Suspense>
      ) : (
        <>
          <Box pos="fixed" top={8} left={0} right={0} mx="auto" px="sm" maw={720} style={{ zIndex: 300 }}>
            <Banners />
          </Box>
          <StatusBannerMount inset />
          <Outlet />
        </>
      )}
    </>
  );
}

/** Shown while the first page (or the shell) is loading. */
export function RootFallback() {
  return (
    <Center mih="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
