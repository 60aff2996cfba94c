/**
 * Internal clients (spec 1 §6, issue 18): with PROVIDER_CLIENT_MARKER set, an account whose
 * owner's e-mail address contains it is the provider's own and sees and orders the private system
 * images (NewOrderGetSystems, OrderQuote); every other account sees none of them and is refused
 * one in the catalogue's shape. Without a marker no account is internal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, newAccount, scalar, uniqueEmail } from './factories.js';

let s: TestServer;
let modelId: number;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT, providerClientMarker: '@Provider.test' });
  await s.db.owner.query(`INSERT INTO vm_images (id, name, os_family, min_disk_gb, sort, private)
    VALUES ('golden-1', 'Provider golden image', 'linux', 10, 99, true)`);
  modelId = Number(await scalar(s, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`));
});
afterAll(async () => s?.stop());

const images = async (token: string) => ((await s.get('NewOrderGetSystems', token)).body as Json[]).map((i) => i.id);
const quote = (token: string, image: string) =>
  s.rpc(
    'OrderQuote',
    {
      p_location: 'lisbon',
      p_quantity: 1,
      p_config: { model_id: modelId, image, disk_gb: 30, backups: false, hostname: 'golden', project: null, ssh_keys: [] },
    },
    token,
  );

describe('internal clients', () => {
  it('show the private images to an account whose owner’s address holds the marker, case aside', async () => {
    const own = await newAccount(s, { p_email: uniqueEmail('ops').replace('@example.test', '@provider.TEST') });
    expect(await images(own.token)).toContain('golden-1');
    expect((await quote(own.token, 'golden-1')).status).toBe(200);
  });

  it('hide them from every other account and refuse to price them', async () => {
    const other = await newAccount(s);
    const list = await images(other.token);
    expect(list).toContain('debian-12');
    expect(list).not.toContain('golden-1');
    expectErrorShape(await quote(other.token, 'golden-1'), 422, 'ORDER_IMAGE_UNAVAILABLE');
  });
});

describe('without a marker', () => {
  it('makes no account internal', async () => {
    const plain = await startTestServer({ rateLimit: NO_RATE_LIMIT });
    try {
      await plain.db.owner.query(`INSERT INTO vm_images (id, name, os_family, min_disk_gb, private)
        VALUES ('golden-2', 'Provider golden image', 'linux', 10, true)`);
      const a = await newAccount(plain, { p_email: uniqueEmail('ops').replace('@example.test', '@provider.test') });
      expect(((await plain.get('NewOrderGetSystems', a.token)).body as Json[]).map((i) => i.id)).not.toContain('golden-2');
    } finally {
      await plain.stop();
    }
  });
});
