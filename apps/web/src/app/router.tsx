/**
 * The router: every route of the spec's table (contract ROUTES), '/' → /dashboard, the developer
 * mailbox, and the not-found page for anything else. Pages load lazily behind the route guard.
 */
import { Navigate, createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { HOME_ROUTE, ROUTES, buildPath, type RouteName } from '@portside/contract/routes';
import { setForcedLogoutHandler } from '../shared/api/client';
import { logout } from '../shared/session/auth';
import { guardLoader } from './guard';
import { lazyPage, type PageTranslations } from './lazy-page';
import NotFoundPage from './pages/not-found-page';
import { RootLayout, RootFallback } from './root-layout';
import { RouteError } from './route-error';
import { pageLoader } from './route-pages';
import type { RouteHandle } from './use-route-name';

/** Path of the developer mailbox (outside the spec's table, public). */
export const DEV_MAILBOX_PATH = '/dev/mailbox';

// Rendered only if a redirecting loader was skipped; they keep the router from warning.
function ToHome() {
  return <Navigate to={buildPath(HOME_ROUTE)} replace />;
}
function ToLogin() {
  return <Navigate to={buildPath('login')} replace />;
}

const notBuilt = lazyPage(() => import('./pages/not-built-panel'));

/**
 * The pages a first load opens render with the start part of the translations (app/lazy-page.ts):
 * the login, and the dashboard with profile-reload on the way to it.
 */
const FIRST_SCREENS: ReadonlyMap<RouteName, PageTranslations> = new Map<RouteName, PageTranslations>([
  ['login', 'start-then-rest'],
  ['login-with-redirect', 'start-then-rest'],
  ['login-with-email', 'start-then-rest'],
  ['profile-reload', 'start'],
  ['dashboard', 'start-then-rest'],
]);

function tableRoute(name: RouteName, path: string): RouteObject {
  const handle: RouteHandle = { name };
  if (name === 'logout-raw') {
    // Forced logout: end the session (server first, briefly), then straight to the login page.
    return {
      id: name,
      path,
      handle,
      loader: async () => {
        await logout();
        return redirect(buildPath('login'));
      },
      Component: ToLogin,
      ErrorBoundary: RouteError,
    };
  }
  const load = pageLoader(name);
  return {
    id: name,
    path,
    handle,
    loader: guardLoader(name),
    lazy: load ? lazyPage(load, FIRST_SCREENS.get(name)) : notBuilt,
    ErrorBoundary: RouteError,
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => redirect(buildPath(HOME_ROUTE)), Component: ToHome },
      ...ROUTES.map((r) => tableRoute(r.name, r.path)),
      {
        id: 'dev-mailbox',
        path: DEV_MAILBOX_PATH,
        handle: { name: 'dev-mailbox' } satisfies RouteHandle,
        lazy: lazyPage(() => import('../features/dev-mailbox/pages/dev-mailbox-page')),
        ErrorBoundary: RouteError,
      },
      {
        id: 'not-found',
        path: '*',
        handle: { name: 'not-found' } satisfies RouteHandle,
        Component: NotFoundPage,
        ErrorBoundary: RouteError,
      },
    ],
  },
];

/**
 * Creates the browser router. Called once at start-up, after anything that rewrites the address
 * (the referral capture), since the router reads the location when it is created.
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A refused session (401/403/JWT) goes to /logout-raw through the router, without a page load.
  setForcedLogoutHandler((path) => void router.navigate(path, { replace: true }));
  return router;
}
