/**
 * Personal API tokens (issue 19): the areas a token may reach and the rule that decides whether
 * its scopes let it into a route of an area. `write` implies `read`. A route without an area is
 * never callable with a token (deny by default): sign-in, sessions, passwords, account deletion,
 * two-factor changes and the token calls themselves.
 */

/** The areas a route can belong to; each token scope names one with a mode. */
export const TOKEN_AREAS = ['servers', 'network', 'billing', 'account'] as const;
export type TokenArea = (typeof TOKEN_AREAS)[number];

/** What a route does: a read (views, files, quotes) or a change. */
export const TOKEN_MODES = ['read', 'write'] as const;
export type TokenMode = (typeof TOKEN_MODES)[number];

/** Every scope a token can hold, `<area>:<mode>`. */
export const TOKEN_SCOPES = TOKEN_AREAS.flatMap((a) => TOKEN_MODES.map((m) => `${a}:${m}` as const));
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The scope a route of `area` called in `mode` needs. */
export function scopeFor(area: TokenArea, mode: TokenMode): TokenScope {
  return `${area}:${mode}`;
}

/**
 * True when `scopes` let a token call a route of `area` in `mode`: the exact scope, or the area's
 * write scope for a read. A route without an area (undefined) is never allowed.
 */
export function scopeAllows(scopes: readonly string[], area: TokenArea | undefined, mode: TokenMode): boolean {
  if (!area) return false;
  return scopes.includes(scopeFor(area, mode)) || (mode === 'read' && scopes.includes(scopeFor(area, 'write')));
}

/**
 * The scopes as stored: known ones only, no duplicates, a read dropped where its write is held,
 * in the order of {@link TOKEN_SCOPES}.
 */
export function normaliseScopes(scopes: readonly string[]): TokenScope[] {
  return TOKEN_SCOPES.filter(
    (s) => scopes.includes(s) && !(s.endsWith(':read') && scopes.includes(s.replace(/:read$/, ':write'))),
  );
}

/** Per area: what a token may do there ('none', 'read' or 'write'), as the settings form shows it. */
export function levelOf(scopes: readonly string[], area: TokenArea): 'none' | TokenMode {
  if (scopes.includes(scopeFor(area, 'write'))) return 'write';
  return scopes.includes(scopeFor(area, 'read')) ? 'read' : 'none';
}
