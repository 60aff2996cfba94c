/**
 * The typed API client of docs/api.md (issue 19): docs/examples/portside-api.d.ts is what
 * tools/openapi-types.ts generates from the registry today, and docs/examples/list-servers.ts
 * (openapi-fetch) runs against a real server with a real personal API token.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../../tools/openapi-types.js';
import { startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, newAccount } from './factories.js';
import { createTestVm } from './vm-factories.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

describe('docs/examples', () => {
  it('holds the API types generated from the current registry (run npx tsx tools/openapi-types.ts when this fails)', async () => {
    expect(await fs.readFile(API_TYPES_FILE, 'utf8')).toBe(await generateApiTypes());
  });

  it('lists the servers and invoices with a token through the typed client', { timeout: 60_000 }, async () => {
    const a = await newAccount(s);
    await createTestVm(s.db, { clientId: a.clientId, name: 'example-web', power: 'RUNNING', ipv4: '203.0.113.7' });
    await createTestVm(s.db, { clientId: a.clientId, name: 'example-db', power: 'STOPPED' });
    const created = await s.rpc(
      'ApiTokenCreate',
      { p_name: 'example', p_scopes: ['servers:read', 'billing:read'], p_expires_days: 1 },
      a.token,
    );
    const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const { stdout } = await run(process.execPath, [tsx, path.join(ROOT, 'docs/examples/list-servers.ts')], {
      env: { ...process.env, PORTSIDE_URL: s.url, PORTSIDE_TOKEN: created.body.token },
      timeout: 50_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('Servers (2):');
    expect(lines[1]).toMatch(/^ {2}#\d+ example-db: STOPPED \(active\)$/);
    expect(lines[2]).toMatch(/^ {2}#\d+ example-web: RUNNING \(active\) 203\.0\.113\.7$/);
    expect(lines[3]).toBe('Invoices (0):');
  });

  it('exits with the API’s refusal when the token lacks a scope', { timeout: 60_000 }, async () => {
    const a = await newAccount(s);
    const created = await s.rpc('ApiTokenCreate', { p_name: 'x', p_scopes: ['billing:read'], p_expires_days: 1 }, a.token);
    const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const failed = await run(process.execPath, [tsx, path.join(ROOT, 'docs/examples/list-servers.ts')], {
      env: { ...process.env, PORTSIDE_URL: s.url, PORTSIDE_TOKEN: created.body.token },
      timeout: 50_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('403 API_TOKEN_SCOPE') });
  });
});
