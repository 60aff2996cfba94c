/**
 * Texts the server writes for people (issue 12, contract server-texts.ts): a service's description
 * and the terminal and live lines of VM operations are stored and sent as a message key with its
 * parameters, next to the English text old readers keep; migration 0025 gives the rows written
 * before it their key.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS, englishText, isServerTextKey, type ServerText } from '@portside/contract/server-texts';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, idsOf } from './factories.js';
import { createTestVm } from './vm-factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('service descriptions', () => {
  it('come with their key and parameters in MyServices and the history, and their English text still reads as before', async () => {
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const rows = (await s.get('MyServices', demo)).body as Array<Record<string, unknown>>;
    const servers = rows.filter((r) => r.category === 'cloud-server');
    expect(servers.length).toBeGreaterThan(0);
    for (const r of servers) {
      expect(r.description_key).toBe('services:description.cloud_server');
      const params = r.description_params as Record<string, string>;
      expect(Object.keys(params).sort()).toEqual(['location', 'location_id', 'model']);
      expect(['lisbon', 'frankfurt']).toContain(params.location_id);
      expect(r.description).toBe(englishText({ key: 'services:description.cloud_server', params }));
      expect(r.description).toMatch(/^Cloud server S\d+R\d+ in (Lisbon|Frankfurt)$/);
    }
    const dedicated = rows.filter((r) => r.category === 'dedicated-server');
    expect(dedicated.length).toBeGreaterThan(0);
    for (const r of dedicated) {
      expect(r.description_key).toBe('services:description.dedicated_server');
      const params = r.description_params as Record<string, string>;
      expect(Object.keys(params).sort()).toEqual(['hostname', 'location', 'location_id', 'model']);
      expect(r.description).toBe(englishText({ key: 'services:description.dedicated_server', params }));
    }
    // Hand-added services are named by their product code and carry no key.
    for (const r of rows.filter((x) => x.category !== 'cloud-server' && x.category !== 'dedicated-server')) {
      expect(r.product_code).not.toBeNull();
      expect(r).toMatchObject({ description_key: null, description_params: {} });
    }
    const history = (await s.rpc('MyServicesHistory', {}, demo)).body as Array<Record<string, unknown>>;
    const serverRow = history.find((h) => h.category === 'cloud-server')!;
    expect(serverRow).toMatchObject({ description_key: 'services:description.cloud_server' });
    expect(serverRow.description_params).toHaveProperty('model');
  });
});

describe('terminal and live lines of a VM operation', () => {
  it('carry the key and parameters of each stage next to the English message', async () => {
    const { clientId } = await idsOf(s, DEMO_USERS.demo.email);
    const { provisionedId } = await createTestVm(s.db, { clientId, name: 'texts-1' });
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    expect((await s.rpc('VmStart', { p_provisioned_id: provisionedId }, demo)).status).toBe(200);
    await s.jobsIdle();
    const msgs = (
      await s.db.owner.query<{ kind: string; payload: Record<string, unknown> }>(
        `SELECT kind, payload FROM hub_messages WHERE provisioned_id = $1 ORDER BY id`,
        [provisionedId],
      )
    ).rows;
    const terminal = msgs.filter((m) => m.kind === 'terminal').map((m) => m.payload);
    expect(terminal.map((p) => p.text_key)).toEqual([
      'terminal:ops.start.queued',
      'terminal:ops.start.running',
      'terminal:ops.start.done',
    ]);
    for (const p of terminal) {
      expect(p.text_params).toEqual({});
      expect(Buffer.from(String(p.message), 'base64').toString()).toBe(SERVER_TEXTS[p.text_key as keyof typeof SERVER_TEXTS]);
    }
    const power = msgs.filter((m) => m.kind === 'power').map((m) => [m.payload.text_key, m.payload.message]);
    expect(power).toEqual([
      ['terminal:ops.start.queued', 'Start requested'],
      ['terminal:ops.start.running', 'Starting server'],
      ['terminal:ops.start.done', 'Server started'],
    ]);
  });
});

describe('migration 0025', () => {
  it('reads the keys and parameters back out of the rows written before it, and leaves what it cannot read alone', async () => {
    const { clientId } = await idsOf(s, DEMO_USERS.demo.email);
    const sql = await fs.readFile(path.join(import.meta.dirname, '../src/db/migrations/0025_server_texts.sql'), 'utf8');
    const [up, down] = sql.split('-- Down Migration');
    await s.db.owner.query(down!);
    const service = async (category: string, description: string) =>
      (
        await s.db.owner.query<{ equipment_id: number }>(
          `INSERT INTO services (client_id, category, description) VALUES ($1, $2, $3) RETURNING equipment_id`,
          [clientId, category, description],
        )
      ).rows[0]!.equipment_id;
    const ids = [
      await service('cloud-server', 'Cloud server S2R4 in Lisbon'),
      await service('cloud-server', 'Cloud server S8R32 in Atlantis'),
      await service('cloud-server', 'A server the provider named'),
      await service('addon', 'Cloud server S2R4 in Lisbon'),
    ];
    const hub = async (kind: string, message: string) =>
      (
        await s.db.owner.query<{ id: number }>(
          `INSERT INTO hub_messages (client_id, kind, provisioned_id, payload) VALUES ($1, $2, 1, $3) RETURNING id`,
          [clientId, kind, JSON.stringify({ provisioned_id: 1, label: 'web-1', stage: 'x', message })],
        )
      ).rows[0]!.id;
    const hubs = [
      await hub('terminal', b64('Server stopped')),
      await hub('terminal', b64('Server creation failed: clone failed: storage full')),
      await hub('terminal', b64('Server creation failed: No free IPv4 address is left in this location')),
      await hub(
        'terminal',
        b64('The server did not reach the new state within 120000 ms. Its state is shown as the cluster reports it.'),
      ),
      await hub('power', 'Power cycle requested'),
      await hub('terminal', 'not base64 at all %%%'),
      await hub('terminal', b64('something a console printed')),
    ];
    await s.db.owner.query(up!.replace('-- Up Migration', ''));

    const services = await s.db.owner.query(
      `SELECT equipment_id, description_key, description_params FROM services WHERE equipment_id = ANY($1::bigint[])`,
      [ids],
    );
    const byService = new Map(services.rows.map((r) => [r.equipment_id, [r.description_key, r.description_params]]));
    expect(ids.map((id) => byService.get(id))).toEqual([
      ['services:description.cloud_server', { model: 'S2R4', location: 'Lisbon', location_id: 'lisbon' }],
      ['services:description.cloud_server', { model: 'S8R32', location: 'Atlantis' }],
      [null, {}],
      [null, {}],
    ]);
    // The demo's own services keep their key through the round trip.
    expect(
      (
        await s.db.owner.query(
          `SELECT count(*)::int AS n FROM services WHERE category = 'cloud-server' AND description_key IS NULL`,
        )
      ).rows[0].n,
    ).toBe(1);

    const payloads = await s.db.owner.query(`SELECT id, payload FROM hub_messages WHERE id = ANY($1::bigint[])`, [hubs]);
    const byHub = new Map(payloads.rows.map((r) => [r.id, r.payload as Record<string, unknown>]));
    const texts = hubs.map((id) => {
      const p = byHub.get(id)!;
      return p.text_key === undefined ? null : { key: p.text_key, params: p.text_params };
    });
    expect(texts).toEqual([
      { key: 'terminal:ops.stop.done', params: {} },
      { key: 'terminal:create.failed.cluster', params: { reason: 'clone failed: storage full' } },
      { key: 'terminal:create.failed.no_address', params: { family: 'IPv4' } },
      { key: 'terminal:ops.failed.timeout', params: { ms: 120000 } },
      { key: 'terminal:ops.power_cycle.queued', params: {} },
      null,
      null,
    ]);
    // Each key it wrote renders to the very English text the row holds.
    for (const [i, t] of texts.entries()) {
      if (!t) continue;
      expect(isServerTextKey(t.key)).toBe(true);
      const message = String(byHub.get(hubs[i]!)!.message);
      const english = i === 4 ? message : Buffer.from(message, 'base64').toString();
      expect(englishText(t as ServerText)).toBe(english);
    }
  });
});
