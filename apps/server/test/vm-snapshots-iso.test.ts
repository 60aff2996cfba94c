/**
 * Snapshots and ISO images of a cloud server (issue 13) through real HTTP on the seeded simulated
 * cluster: taking, listing, deleting and rolling back snapshots (later ones deleted first, the
 * space billed), the claim; ISO images uploaded as a file (streamed, checked by content and size)
 * or fetched from a URL by a job (SSRF-checked, progress), the direct download link, attaching to a
 * server's CD drive and detaching, and deletion refused while attached.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { isoImageBytes } from '../src/modules/iso/iso-file.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf } from './factories.js';
import { createTestVm } from './vm-factories.js';

let s: TestServer;
let demo: string;
let other: string;
let demoClient: string;
let files: http.Server;
let filesUrl: string;

/** A local file server: /good.iso (an ISO image), /big.iso (over the limit), /text.iso (no ISO), /redirect, /missing (404). */
function startFiles(): Promise<void> {
  const good = isoImageBytes(64 * 1024);
  files = http.createServer((req, res) => {
    if (req.url === '/good.iso') return res.writeHead(200, { 'content-length': good.length }).end(good);
    if (req.url === '/big.iso')
      return res.writeHead(200, { 'content-length': 3 * 1024 * 1024 }).end(Buffer.alloc(3 * 1024 * 1024));
    if (req.url === '/text.iso') return res.writeHead(200).end('hello, not an image'.repeat(4000));
    if (req.url === '/redirect') return res.writeHead(302, { location: '/good.iso' }).end();
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    files.listen(0, '127.0.0.1', () => {
      filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  await startFiles();
  const base = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  base.config.iso = { maxBytes: 2 * 1024 * 1024, allowPrivateUrls: true };
  s = base;
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
});
afterAll(async () => {
  await s?.stop();
  files?.close();
});

let serial = 0;
const fresh = (over: Partial<Parameters<typeof createTestVm>[1]> = {}) =>
  createTestVm(s.db, { clientId: demoClient, name: `s${Date.now().toString(36)}${serial++}`, ...over });
async function op(name: string, body: Record<string, unknown>, token = demo) {
  const r = await s.rpc(name, body, token);
  await s.jobsIdle();
  return r;
}
const snapshots = async (id: number, token = demo) =>
  ((await s.get(`VmSnapshots?provisioned_id=eq.${id}`, token)).body as Array<{ name: string; note: string }>).map((x) => x.name);
const vm = async (id: number) => (await s.get(`MyVMs2?provisioned_id=eq.${id}`, demo)).body[0];

describe('snapshots', () => {
  it('takes snapshots with a note, lists them oldest first and bills their space', async () => {
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    const r = await op('VmSnapshotCreate', { p_provisioned_id: id, p_name: 'before1', p_note: 'first try' });
    expect(r.body).toMatchObject({ action: 'snapshot-create' });
    await op('VmSnapshotCreate', { p_provisioned_id: id, p_name: 'before2' });
    const rows = (await s.get(`VmSnapshots?provisioned_id=eq.${id}`, demo)).body;
    expect(rows.map((x: { name: string }) => x.name)).toEqual(['before1', 'before2']);
    expect(rows[0]).toMatchObject({ note: 'first try', provisioned_id: id });
    expect(rows[1].note).toBe('');
    const cost = (await vm(id)).cost_breakdown;
    expect(cost.snapshots_gb).toBeGreaterThan(0);
    expect(cost.snapshots_cost).toBeGreaterThan(0);
    // The terminal line names it after 'success:' (spec: the name is the text after the prefix).
    const done = await s.db.owner.query<{ payload: { message: string; status: string } }>(
      `SELECT payload FROM hub_messages WHERE provisioned_id = $1 AND kind = 'snapshot-create' AND payload->>'status' = 'ok' ORDER BY id`,
      [id],
    );
    expect(done.rows.map((m) => m.payload.message)).toEqual(['success:before1', 'success:before2']);
  });

  it('refuses bad names with the spec messages, a taken name, and an unknown snapshot', async () => {
    const { provisionedId: id } = await fresh();
    for (const [name, key] of [
      ['', 'snapshot_name_empty'],
      ['with space', 'snapshot_name_invalid'],
      ['a-b', 'snapshot_name_invalid'],
      ['1abc', 'snapshot_name_start_letter'],
    ]) {
      const r = await s.rpc('VmSnapshotCreate', { p_provisioned_id: id, p_name: name }, demo);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toContain(key);
    }
    await op('VmSnapshotCreate', { p_provisioned_id: id, p_name: 'one' });
    expectErrorShape(await s.rpc('VmSnapshotCreate', { p_provisioned_id: id, p_name: 'one' }, demo), 409, 'SNAPSHOT_EXISTS');
    expectErrorShape(await s.rpc('VmSnapshotDelete', { p_provisioned_id: id, p_name: 'nope' }, demo), 404, 'SNAPSHOT_NOT_FOUND');
    expectErrorShape(
      await s.rpc('VmSnapshotRollback', { p_provisioned_id: id, p_name: 'nope' }, demo),
      404,
      'SNAPSHOT_NOT_FOUND',
    );
    expect(await snapshots(id)).toEqual(['one']);
  });

  it('rolls back to an older snapshot by deleting every later one first, and needs the server unlocked', async () => {
    const { provisionedId: id, vmid } = await fresh({ power: 'RUNNING' });
    for (const name of ['s1', 's2', 's3', 's4']) await op('VmSnapshotCreate', { p_provisioned_id: id, p_name: name });
    await op('VmLock', { p_provisioned_id: id, p_lock: 'on' });
    expectErrorShape(await s.rpc('VmSnapshotRollback', { p_provisioned_id: id, p_name: 's2' }, demo), 409, 'VM_LOCKED');
    await op('VmLock', { p_provisioned_id: id, p_lock: 'off' });
    const r = await op('VmSnapshotRollback', { p_provisioned_id: id, p_name: 's2' });
    expect(r.body).toMatchObject({ action: 'snapshot-rollback' });
    expect(await snapshots(id)).toEqual(['s1', 's2']);
    const onCluster = await createSimulatorHypervisor(s.db.owner).snapshots(vmid);
    expect(onCluster.map((x) => x.name)).toEqual(['s1', 's2']);
    // Newest first: s4, then s3, then the rollback; the server runs again as it did.
    const tasks = await s.db.owner.query<{ type: string; params: { name?: string } }>(
      `SELECT type, params FROM sim_tasks WHERE vmid = $1 AND type IN ('qmdelsnapshot','qmrollback','qmstart') ORDER BY id`,
      [vmid],
    );
    expect(tasks.rows.map((t) => t.type)).toEqual(['qmdelsnapshot', 'qmdelsnapshot', 'qmrollback', 'qmstart']);
    expect((await vm(id)).power_status).toBe('RUNNING');
    const lines = await s.db.owner.query<{ payload: { message: string } }>(
      `SELECT payload FROM hub_messages WHERE provisioned_id = $1 AND kind = 'snapshot-rollback' AND payload->>'status' = 'ok'`,
      [id],
    );
    expect(lines.rows.map((m) => m.payload.message)).toEqual(['rollback:s2']);
    await op('VmSnapshotDelete', { p_provisioned_id: id, p_name: 's1' });
    expect(await snapshots(id)).toEqual(['s2']);
  });

  it('needs vm-settings-snapshot, and shows nobody else the account’s snapshots', async () => {
    const { provisionedId: id } = await fresh();
    await op('VmSnapshotCreate', { p_provisioned_id: id, p_name: 'mine' });
    expect(await snapshots(id, other)).toEqual([]);
    expectErrorShape(await s.rpc('VmSnapshotDelete', { p_provisioned_id: id, p_name: 'mine' }, other), 404, 'NotFound');
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    const token = await s.login(sub.email, sub.password);
    expectErrorShape(await s.rpc('VmSnapshotCreate', { p_provisioned_id: id, p_name: 'theirs' }, token), 403);
    expectErrorShape(await s.get(`VmSnapshots?provisioned_id=eq.${id}`, token), 403);
    expect(await snapshots(id)).toEqual(['mine']);
  });
});

/** Uploads `bytes` as a multipart ISO file named `filename` (with an optional `name` field first). */
async function uploadIso(bytes: Buffer, filename: string, name?: string, token = demo) {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const res = await fetch(`${s.url}/api/rpc/IsoUpload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}
const myIso = async (token = demo) => (await s.get('MyIso', token)).body as Array<Record<string, unknown>>;

describe('ISO images', () => {
  it('stores an uploaded ISO, offers it by its direct link, and refuses a file that is no ISO, too large or named twice', async () => {
    const bytes = isoImageBytes(100 * 1024);
    const r = await uploadIso(bytes, 'rescue.iso');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      file_name: 'rescue.iso',
      file_type: 'iso',
      status: 'ready',
      progress: 100,
      size_bytes: bytes.length,
    });
    const link = r.body.download_url as string;
    expect(link).toMatch(/^\/api\/IsoImageFile\/\d+\.[0-9a-f]{48}$/);
    const dl = await fetch(`${s.url}${link}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe('attachment; filename="rescue.iso"');
    expect(Buffer.from(await dl.arrayBuffer()).equals(bytes)).toBe(true);
    // A wrong token is a 404, like an unknown image.
    expect((await fetch(`${s.url}${link.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`)).status).toBe(404);

    expectErrorShape(await uploadIso(bytes, 'again.iso', 'rescue.iso'), 409, 'ISO_EXISTS');
    expectErrorShape(await uploadIso(Buffer.from('plain text, no image'.repeat(3000)), 'notes.iso'), 415, 'ISO_NOT_ISO');
    expectErrorShape(await uploadIso(isoImageBytes(3 * 1024 * 1024), 'huge.iso'), 413, 'ISO_TOO_LARGE');
    const bad = await uploadIso(bytes, 'setup.exe');
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.details).toContain('iso_name_invalid');
    expect((await myIso()).map((i) => i.file_name)).toEqual(['rescue.iso']);
  });

  it('downloads an ISO from a URL in a job, following a redirect, with its progress on the hub', async () => {
    const r = await s.rpc('IsoUpload', { p_url: `${filesUrl}/redirect`, p_name: 'from-url.iso' }, demo);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ file_name: 'from-url.iso', status: 'downloading', source_url: `${filesUrl}/redirect` });
    await s.jobsIdle();
    const row = (await myIso()).find((i) => i.file_name === 'from-url.iso')!;
    expect(row).toMatchObject({ status: 'ready', progress: 100, size_bytes: 64 * 1024 });
    const news = await s.db.owner.query<{ payload: { status: string; iso_id: number } }>(
      `SELECT payload FROM hub_messages WHERE kind = 'iso-download' AND (payload->>'iso_id')::int = $1 ORDER BY id`,
      [row.id],
    );
    expect(news.rows.map((m) => m.payload.status)).toEqual(['queued', 'ok']);
  });

  it('fails downloads that are no ISO, too large or missing, with the reason, and refuses private addresses in production settings', async () => {
    for (const [path, reason] of [
      ['/text.iso', 'The file is not an ISO 9660 image'],
      ['/big.iso', 'The file is larger than 2 MB'],
      ['/missing.iso', 'The server answered HTTP 404'],
    ]) {
      const r = await s.rpc('IsoUpload', { p_url: `${filesUrl}${path}` }, demo);
      expect(r.status).toBe(200);
      await s.jobsIdle();
      const row = (await myIso()).find((i) => i.id === r.body.id)!;
      expect(row).toMatchObject({ status: 'failed', error: reason, download_url: null });
    }
    s.config.iso.allowPrivateUrls = false;
    try {
      for (const url of [
        `${filesUrl}/good.iso`,
        'http://10.1.2.3/x.iso',
        'http://[::1]/x.iso',
        'http://169.254.169.254/latest.iso',
      ]) {
        const r = await s.rpc('IsoUpload', { p_url: url, p_name: 'private.iso' }, demo);
        expectErrorShape(r, 422, 'ISO_URL_REFUSED');
      }
      for (const url of ['ftp://example.com/x.iso', 'file:///etc/passwd', 'http://user:pw@example.com/x.iso']) {
        const r = await s.rpc('IsoUpload', { p_url: url }, demo);
        expectErrorShape(r, 400, 'VALIDATION_FAILED');
        expect(r.body.details).toContain('iso_url_invalid');
      }
    } finally {
      s.config.iso.allowPrivateUrls = true;
    }
    expect((await myIso()).some((i) => i.file_name === 'private.iso')).toBe(false);
  });

  it('attaches an ISO to a server (copied to its node), refuses deleting it meanwhile, detaches it and then deletes it', async () => {
    const { provisionedId: id, vmid } = await fresh({ power: 'RUNNING' });
    const up = await uploadIso(isoImageBytes(70 * 1024), 'installer.iso');
    const iso = up.body.id as number;
    expectErrorShape(await s.rpc('IsoDetach', { p_provisioned_id: id }, demo), 409, 'ISO_NOT_ATTACHED');
    const r = await op('IsoAttach', { p_provisioned_id: id, p_iso: iso });
    expect(r.body).toMatchObject({ action: 'iso-attach' });
    const row = await vm(id);
    expect(row).toMatchObject({ iso_id: iso, iso_name: 'installer.iso' });
    const sim = createSimulatorHypervisor(s.db.owner);
    expect(await sim.cdrom(vmid)).toBe(`portside-iso-${iso}.iso`);
    expect((await sim.config(vmid)).bootOrder[0]).toBe('ide2');
    const listed = (await myIso()).find((i) => i.id === iso)!;
    expect(listed).toMatchObject({ attached_to: [id], locations: ['lisbon'] });
    const mounted = await s.db.owner.query<{ payload: { status: string } }>(
      `SELECT payload FROM hub_messages WHERE provisioned_id = $1 AND kind = 'iso-mount' ORDER BY id DESC LIMIT 1`,
      [id],
    );
    expect(mounted.rows[0]!.payload.status).toBe('ok');

    const busy = await s.rpc('IsoDelete', { p_iso: iso }, demo);
    expectErrorShape(busy, 409, 'ISO_IN_USE');
    expect(busy.body.message).toBe('The ISO image is attached to a server');
    await op('IsoDetach', { p_provisioned_id: id });
    expect((await vm(id)).iso_id).toBeNull();
    expect(await sim.cdrom(vmid)).toBeNull();
    expect((await sim.config(vmid)).bootOrder[0]).toBe('scsi0');
    // Detaching leaves the server running: the reboot is the user's choice (now or later).
    expect((await vm(id)).power_status).toBe('RUNNING');

    expect((await s.rpc('IsoDelete', { p_iso: iso }, demo)).body).toEqual({ id: iso });
    expect((await myIso()).some((i) => i.id === iso)).toBe(false);
    expect((await sim.isos((await vm(id)).node)).some((f) => f.filename === `portside-iso-${iso}.iso`)).toBe(false);
    expectErrorShape(await s.rpc('IsoAttach', { p_provisioned_id: id, p_iso: iso }, demo), 404, 'ISO_NOT_FOUND');
  });

  it('keeps each account to its own images and needs the claims', async () => {
    const up = await uploadIso(isoImageBytes(40 * 1024), 'private-one.iso');
    expect((await myIso(other)).some((i) => i.id === up.body.id)).toBe(false);
    expectErrorShape(await s.rpc('IsoDelete', { p_iso: up.body.id }, other), 404, 'ISO_NOT_FOUND');
    const theirs = await createTestVm(s.db, {
      clientId: (await idsOf(s, DEMO_USERS.other.email)).clientId,
      name: `x${Date.now()}`,
    });
    expectErrorShape(
      await s.rpc('IsoAttach', { p_provisioned_id: theirs.provisionedId, p_iso: up.body.id }, other),
      404,
      'ISO_NOT_FOUND',
    );
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    const token = await s.login(sub.email, sub.password);
    expectErrorShape(await s.get('MyIso', token), 403);
    expectErrorShape(await uploadIso(isoImageBytes(), 'sub.iso', undefined, token), 403);
    const { provisionedId } = await fresh();
    expectErrorShape(await s.rpc('IsoAttach', { p_provisioned_id: provisionedId, p_iso: up.body.id }, token), 403);
  });
});
