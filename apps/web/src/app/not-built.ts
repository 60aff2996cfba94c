/**
 * Routes of the spec's table whose pages arrive in later releases. Until then they render the
 * NotBuiltPanel (inside the shell when logged in), so every route of the table exists and the
 * guard already applies to it. Remove a name here when its page is added to route-pages.ts.
 */
import type { RouteName } from '@portside/contract/routes';

export const NOT_BUILT_ROUTES = [] as const satisfies readonly RouteName[];
