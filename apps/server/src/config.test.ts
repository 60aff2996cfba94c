import { describe, expect, it } from 'vitest';
import { loadConfig, parseRoles } from './config.js';

describe('PORTSIDE_ROLES', () => {
  it('runs the api and the worker in one process by default', () => {
    expect(parseRoles(undefined)).toEqual(['api', 'worker']);
    expect(parseRoles('')).toEqual(['api', 'worker']);
    expect(loadConfig({}).roles).toEqual(['api', 'worker']);
  });

  it('takes one role or both, in any order, with spaces and repeats', () => {
    expect(parseRoles('api')).toEqual(['api']);
    expect(parseRoles('worker')).toEqual(['worker']);
    expect(parseRoles(' worker , api,api ')).toEqual(['worker', 'api']);
  });

  it('refuses an unknown role rather than starting something else', () => {
    expect(() => parseRoles('api,cron')).toThrow(/PORTSIDE_ROLES/);
    expect(() => parseRoles(',')).toThrow(/PORTSIDE_ROLES/);
  });
});
