import { describe, expect, it } from 'vitest';
import { TOKEN_AREAS, TOKEN_SCOPES, levelOf, normaliseScopes, scopeAllows } from './api-token-scopes';

describe('scopeAllows', () => {
  it('lets a read scope read its area and nothing else', () => {
    expect(scopeAllows(['servers:read'], 'servers', 'read')).toBe(true);
    expect(scopeAllows(['servers:read'], 'servers', 'write')).toBe(false);
    expect(scopeAllows(['servers:read'], 'billing', 'read')).toBe(false);
  });

  it('lets a write scope read and write its area', () => {
    expect(scopeAllows(['network:write'], 'network', 'read')).toBe(true);
    expect(scopeAllows(['network:write'], 'network', 'write')).toBe(true);
    expect(scopeAllows(['network:write'], 'servers', 'read')).toBe(false);
  });

  it('never allows a route without an area, whatever the scopes', () => {
    expect(scopeAllows([...TOKEN_SCOPES], undefined, 'read')).toBe(false);
    expect(scopeAllows([...TOKEN_SCOPES], undefined, 'write')).toBe(false);
  });

  it('allows nothing with no scopes', () => {
    for (const a of TOKEN_AREAS) expect(scopeAllows([], a, 'read')).toBe(false);
  });
});

describe('normaliseScopes', () => {
  it('drops unknown scopes, duplicates and reads covered by a write, in a fixed order', () => {
    expect(normaliseScopes(['billing:read', 'servers:write', 'servers:read', 'x:y', 'billing:read'])).toEqual([
      'servers:write',
      'billing:read',
    ]);
  });
});

describe('levelOf', () => {
  it('reads none, read or write per area', () => {
    expect(levelOf(['servers:write', 'billing:read'], 'servers')).toBe('write');
    expect(levelOf(['servers:write', 'billing:read'], 'billing')).toBe('read');
    expect(levelOf(['servers:write', 'billing:read'], 'account')).toBe('none');
  });
});
