/** The spec route name of the page on screen, from the matched route's handle. */
import { useMatches } from 'react-router';
import type { RouteName } from '@portside/contract/routes';

/** What every route of the table carries in its handle. */
export interface RouteHandle {
  name: RouteName | 'not-found' | 'dev-mailbox';
}

function isHandle(x: unknown): x is RouteHandle {
  return typeof x === 'object' && x !== null && typeof (x as RouteHandle).name === 'string';
}

export function useRouteName(): RouteHandle['name'] | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isHandle(handle)) return handle.name;
  }
  return undefined;
}

/** The translation key fragment of a route name: 'NewOrder' → 'new_order', 'list-view' → 'list_view'. */
export function routeKey(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}
