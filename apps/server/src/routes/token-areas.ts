/**
 * Which routes a personal API token may call (issue 19): each module's routes are put in an area
 * (servers, network, billing, account) in registry.ts with {@link inArea}; routes left without
 * one are never callable with a token (http/access.ts authorize). Staff and finance routes (a role
 * or an operator claim) stay session-only whatever module they are in: tokens are for customers.
 */
import { CUSTOMER_CLAIMS } from '@portside/contract/constants';
import type { TokenArea } from '@portside/contract/rules/api-token-scopes';
import type { Access } from '../http/access.js';

/** Rpcs that change nothing (a quote, a graph, a list): the area's read scope lets a token call them. */
export const TOKEN_READ_RPCS: ReadonlySet<string> = new Set([
  'OrderQuote',
  'VmGraphData',
  'VmUpgradeGetModels',
  'GetIPsFromIpset',
  'MyServicesHistory',
]);

/** True for a route a customer's token may be let into: a customer's access, not public, staff or finance. */
function customerRoute(access: Access): boolean {
  if (access.kind === 'public' || access.kind === 'role') return false;
  return access.kind !== 'claim' || (CUSTOMER_CLAIMS as readonly string[]).includes(access.claim);
}

/**
 * The routes with `area` as their token area, except those named in `except` (kept session-only)
 * and those that are not a customer's (public, staff, finance). Rpcs of {@link TOKEN_READ_RPCS}
 * need only the area's read scope.
 */
export function inArea<R extends { name: string; access: Access; tokenArea?: TokenArea }>(
  area: TokenArea,
  routes: readonly R[],
  except: readonly string[] = [],
): R[] {
  return routes.map((r) =>
    !customerRoute(r.access) || except.includes(r.name)
      ? r
      : { ...r, tokenArea: area, ...(TOKEN_READ_RPCS.has(r.name) ? { tokenMode: 'read' as const } : {}) },
  );
}
