/**
 * The `route` label of the request metrics: the route's template or the registry's name of the
 * call (`/api/rpc/VmStart`, `/api/MyVMs2`, `/api/InvoicePdf/:id`), never a raw URL with ids or a
 * name a caller made up, so the number of series stays bounded.
 */

/** The registry's names that may appear in a label. */
export interface KnownNames {
  rpcs: ReadonlySet<string>;
  views: ReadonlySet<string>;
}

/** What is not a known route (a 404, an unknown call name). */
export const OTHER_ROUTE = 'other';

/**
 * The label of a request matched to `template` (Fastify's routeOptions.url; undefined when no
 * route matched) with path parameters `params`.
 */
export function routeLabel(template: string | undefined, params: unknown, names: KnownNames): string {
  if (!template) return OTHER_ROUTE;
  const p = (params ?? {}) as Record<string, unknown>;
  if (template === '/api/rpc/:name') {
    const name = p.name;
    return typeof name === 'string' && names.rpcs.has(name) ? `/api/rpc/${name}` : OTHER_ROUTE;
  }
  if (template === '/api/*') {
    const name = p['*'];
    return typeof name === 'string' && names.views.has(name) ? `/api/${name}` : OTHER_ROUTE;
  }
  return template;
}
