import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HypervisorError, METRICS_RANGES } from '../src/drivers/hypervisor/hypervisor.js';
import {
  createProxmoxHypervisor,
  interpretConfig,
  ProxmoxRequestError,
  shapeMetrics,
} from '../src/drivers/hypervisor/proxmox.js';
import { startFakePve, type FakePve } from './fake-pve.js';
import { expectRefusal, hypervisorContract, waitTask } from './hypervisor-contract.js';

// The shared contract against the fake PVE, with tasks that take a little time (polled as on a real cluster).
hypervisorContract('proxmox (fake PVE)', async () => {
  const pve = await startFakePve({ taskDurationMs: 30 });
  // debian-12 on each node's local storage, the other images on pve1's shared storage (cloned to pve2 with target).
  const debian = {
    pve1: pve.createTemplate({ image: 'debian-12', node: 'pve1' }),
    pve2: pve.createTemplate({ image: 'debian-12', node: 'pve2' }),
  };
  for (const image of ['ubuntu-24.04', 'rocky-9', 'windows-2022'])
    pve.createTemplate({ image, node: 'pve1', storage: 'ceph', diskGb: image === 'windows-2022' ? 40 : 10 });
  return {
    driver: createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret }),
    createVm: async (spec) => pve.createVm({ ...spec, protection: spec.locked ?? false }),
    failNextTask: async (vmid, message) => pve.failNextTask(vmid, message),
    failNextCreate: async (node, message) => pve.failNextTask(debian[node as keyof typeof debian], message),
    failNextNodeTask: async (node, message) => pve.failNextNodeTask(node, message),
    holdTasks: async () => pve.setTaskDuration(3_600_000),
    releaseTasks: async () => pve.setTaskDuration(30),
    close: () => pve.close(),
  };
});

/** Rejection of `p`, which must reject. */
async function rejection(p: Promise<unknown>): Promise<Error> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e, 'expected a rejection').toBeInstanceOf(Error);
  return e as Error;
}

describe('proxmox driver', () => {
  let pve: FakePve;
  let driver: ReturnType<typeof createProxmoxHypervisor>;
  beforeAll(async () => {
    pve = await startFakePve();
    driver = createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret });
  });
  afterAll(async () => {
    await pve?.close();
  });

  it('sends the API token as PVEAPIToken=USER@REALM!TOKENID=SECRET on every request under /api2/json', async () => {
    const from = pve.requests.length;
    const vmid = pve.createVm({ name: 'header-check' });
    await driver.status(vmid);
    const seen = pve.requests.slice(from);
    expect(seen.length).toBeGreaterThan(0);
    for (const r of seen) {
      expect(r.authorization).toBe(`PVEAPIToken=portside@pve!driver=${pve.secret}`);
      expect(r.path.startsWith('/api2/json/')).toBe(true);
    }
  });

  it('finds VMs on every node and follows them by the node the cluster names', async () => {
    const a = pve.createVm({ name: 'on-one', node: 'pve1' });
    const b = pve.createVm({ name: 'on-two', node: 'pve2', power: 'RUNNING' });
    const inv = await driver.inventory();
    expect(inv.nodes).toEqual([
      { name: 'pve1', online: true },
      { name: 'pve2', online: true },
    ]);
    expect(inv.vms.find((v) => v.vmid === a)).toMatchObject({ node: 'pve1', power: 'STOPPED' });
    expect(inv.vms.find((v) => v.vmid === b)).toMatchObject({ node: 'pve2', power: 'RUNNING' });
    expect(inv.vms.map((v) => v.vmid)).toEqual([...inv.vms.map((v) => v.vmid)].sort((x, y) => x - y));
    expect((await driver.status(b)).power).toBe('RUNNING');
  });

  it('keeps other nodes out with nodeFilter and leaves templates out of the inventory', async () => {
    const mine = pve.createVm({ name: 'filtered-in', node: 'pve1' });
    const other = pve.createVm({ name: 'filtered-out', node: 'pve2' });
    const template = pve.createVm({ name: 'tpl', node: 'pve1', config: { template: 1 } });
    const scoped = createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret, nodeFilter: ['pve1'] });
    const inv = await scoped.inventory();
    expect(inv.nodes.map((n) => n.name)).toEqual(['pve1']);
    expect(inv.vms.some((v) => v.vmid === mine)).toBe(true);
    expect(inv.vms.some((v) => v.vmid === other || v.vmid === template)).toBe(false);
    await expectRefusal(scoped.status(other), 'NOT_FOUND', /does not exist/);
  });

  it('keeps the portal lock as the config flag protection', async () => {
    const vmid = pve.createVm({ name: 'protected' });
    await driver.lock(vmid, true);
    expect(pve.vmConfig(vmid)?.protection).toBe(1);
    expect((await driver.inventory()).vms.find((v) => v.vmid === vmid)?.locked).toBe(true);
    await driver.lock(vmid, false);
    expect(pve.vmConfig(vmid)?.protection).toBe(0);
    expect((await driver.status(vmid)).locked).toBe(false);
    // The write carries the digest it read: a config changed in between is not overwritten blindly.
    const seen = pve.requests.length;
    await driver.lock(vmid, true);
    const writes = pve.requests.slice(seen);
    expect(writes.map((r) => r.method)).toEqual(['GET', 'GET', 'PUT']);
    expect(writes[2]!.params).toEqual({ protection: '1', digest: expect.stringMatching(/^[0-9a-f]{40}$/) });
  });

  it('reports a Proxmox lock (backup) as locked and refuses power, rename and delete with LOCKED', async () => {
    const running = pve.createVm({ name: 'in-backup', power: 'RUNNING' });
    pve.setLock(running, 'backup');
    expect((await driver.status(running)).locked).toBe(true);
    expect((await driver.inventory()).vms.find((v) => v.vmid === running)?.locked).toBe(true);
    for (const action of ['stop', 'shutdown', 'reboot', 'reset'] as const) {
      await expectRefusal(driver.power(running, action), 'LOCKED', /^VM is locked \(backup\)$/);
    }
    // Proxmox itself refuses the config change (500 'VM is locked (backup)'); the driver passes it on.
    await expectRefusal(driver.rename(running, 'renamed'), 'LOCKED', /^VM is locked \(backup\)$/);
    await expectRefusal(driver.lock(running, true), 'LOCKED', /^VM is locked \(backup\)$/);
    await driver.lock(running, false); // already unprotected: nothing to write, no refusal

    const stopped = pve.createVm({ name: 'snapshotting' });
    pve.setLock(stopped, 'snapshot');
    await expectRefusal(driver.power(stopped, 'start'), 'LOCKED', /VM is locked \(snapshot\)/);
    await expectRefusal(driver.delete(stopped), 'LOCKED', /VM is locked \(snapshot\)/);

    pve.setLock(running, null);
    expect((await waitTask(driver, await driver.power(running, 'stop'))).state).toBe('ok');
  });

  it('passes on a lock Proxmox reports after the check as the task error', async () => {
    const slow = await startFakePve({ taskDurationMs: 200 });
    try {
      const id = slow.createVm({ name: 'raced', power: 'RUNNING' });
      const d = createProxmoxHypervisor({ baseUrl: slow.url, tokenId: slow.tokenId, secret: slow.secret });
      const task = await d.power(id, 'stop');
      slow.setLock(id, 'migrate'); // taken while the worker waits
      expect(await waitTask(d, task)).toMatchObject({ state: 'error', message: 'VM is locked (migrate)' });
      expect((await d.status(id)).power).toBe('RUNNING');
    } finally {
      await slow.close();
    }
  });

  it('surfaces a parameter error as BAD_PARAMETER with every parameter message', async () => {
    const vmid = pve.createVm({ name: 'params' });
    pve.failNextRequest('PUT', /\/config$/, 400, 'Parameter verification failed.', {
      protection: "type check ('boolean') failed - got 'maybe'",
      digest: 'detected modified configuration - file changed by other user? Try again.',
    });
    const e = await rejection(driver.lock(vmid, true));
    expect(e).toBeInstanceOf(HypervisorError);
    expect((e as HypervisorError).code).toBe('BAD_PARAMETER');
    expect(e.message).toBe(
      "Parameter verification failed. protection: type check ('boolean') failed - got 'maybe' digest: detected modified configuration - file changed by other user? Try again.",
    );
    // The fake really validates: a bad name sent raw gets Proxmox's 400 shape.
    const node = (await driver.inventory()).vms.find((v) => v.vmid === vmid)!.node;
    const res = await fetch(`${pve.url}/api2/json/nodes/${node}/qemu/${vmid}/config`, {
      method: 'PUT',
      headers: { Authorization: `PVEAPIToken=${pve.tokenId}=${pve.secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=bad_name',
    });
    expect(res.status).toBe(400);
    expect(res.statusText).toBe('Parameter verification failed.');
    expect(await res.json()).toEqual({
      data: null,
      errors: { name: 'invalid format - value does not look like a valid DNS name' },
    });
  });

  it('answers 501 for unknown paths and the driver says the API does not implement them', async () => {
    const res = await fetch(`${pve.url}/api2/json/nodes/pve1/nonsense`, {
      headers: { Authorization: `PVEAPIToken=${pve.tokenId}=${pve.secret}` },
    });
    expect(res.status).toBe(501);
    expect(res.statusText).toBe("Method 'GET /api2/json/nodes/pve1/nonsense' not implemented");
    // A base URL with a wrong path prefix lands on unknown paths.
    const lost = createProxmoxHypervisor({ baseUrl: `${pve.url}/wrong-prefix`, tokenId: pve.tokenId, secret: pve.secret });
    const e = await rejection(lost.inventory());
    expect(e).toBeInstanceOf(ProxmoxRequestError);
    expect((e as ProxmoxRequestError).status).toBe(501);
    expect((e as ProxmoxRequestError).transient).toBe(false);
    expect(e.message).toMatch(/does not implement GET \/(nodes|cluster\/resources).*not implemented/);
  });

  it('fails cleanly on a wrong token, after the delay, without the secret in the error', async () => {
    const slow = await startFakePve({ authDelayMs: 300 });
    try {
      const wrongSecret = 'aaaaaaaa-1111-2222-3333-bbbbbbbbbbbb';
      const d = createProxmoxHypervisor({ baseUrl: slow.url, tokenId: slow.tokenId, secret: wrongSecret });
      const started = Date.now();
      const e = await rejection(d.inventory());
      expect(Date.now() - started).toBeGreaterThanOrEqual(280);
      expect(e).toBeInstanceOf(ProxmoxRequestError);
      expect(e).not.toBeInstanceOf(HypervisorError);
      expect((e as ProxmoxRequestError).status).toBe(401);
      expect((e as ProxmoxRequestError).transient).toBe(false);
      expect(e.message).toMatch(/authentication failed/);
      expect(e.message).toContain(slow.tokenId);
      const everything = JSON.stringify({ message: e.message, stack: e.stack, cause: String((e as { cause?: unknown }).cause) });
      expect(everything).not.toContain(wrongSecret);
      expect(everything).not.toContain(slow.secret);
    } finally {
      await slow.close();
    }
  });

  it('refuses a malformed token id or secret at creation without quoting the secret', () => {
    expect(() => createProxmoxHypervisor({ baseUrl: pve.url, tokenId: 'no-realm', secret: 's' })).toThrow(/USER@REALM!TOKENID/);
    const e = (() => {
      try {
        createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: 'line\r\nX-Injected: 1' });
      } catch (err) {
        return err as Error;
      }
      return null;
    })();
    expect(e?.message).toMatch(/secret/);
    expect(e?.message).not.toContain('Injected');
  });

  it('maps unknown tasks (400 upid) and tasks of unknown nodes to NOT_FOUND', async () => {
    await expectRefusal(driver.task('UPID:pve1:00001234:00ABCDEF:6560A0B0:qmstart:100:root@pam:'), 'NOT_FOUND', /no such task/);
    await expectRefusal(
      driver.task('UPID:ghost:00001234:00ABCDEF:6560A0B0:qmstart:100:root@pam:'),
      'NOT_FOUND',
      /no such cluster node/,
    );
    await expectRefusal(driver.task('not-a-upid'), 'NOT_FOUND', /no such task/);
  });

  it('reads WARNINGS as success and gives UPIDs with the node, type, vmid and token user', async () => {
    const vmid = pve.createVm({ name: 'upid-shape', node: 'pve2' });
    const id = await driver.power(vmid, 'start');
    expect(id).toMatch(new RegExp(`^UPID:pve2:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmstart:${vmid}:portside@pve!driver:$`));
    const other = pve.createVm({ name: 'warned' });
    pve.failNextTask(other, 'WARNINGS: 2');
    expect(await waitTask(driver, await driver.power(other, 'start'))).toMatchObject({ state: 'ok', message: null });
    expect((await driver.status(other)).power).toBe('RUNNING');
  });

  it('lists the cluster while a node is down, and says so for requests to that node', async () => {
    const down = await startFakePve();
    try {
      const up = down.createVm({ name: 'stays-up', node: 'pve1', protection: true });
      const gone = down.createVm({ name: 'went-dark', node: 'pve2', power: 'RUNNING', lock: 'backup' });
      down.setNodeOnline('pve2', false);
      const d = createProxmoxHypervisor({ baseUrl: down.url, tokenId: down.tokenId, secret: down.secret });
      const inv = await d.inventory();
      expect(inv.nodes).toEqual([
        { name: 'pve1', online: true },
        { name: 'pve2', online: false },
      ]);
      expect(inv.vms.find((v) => v.vmid === up)).toMatchObject({ locked: true, power: 'STOPPED' });
      expect(inv.vms.find((v) => v.vmid === gone)).toMatchObject({ node: 'pve2', locked: true, power: 'STOPPED' });
      const e = await rejection(d.status(gone));
      expect(e).toBeInstanceOf(ProxmoxRequestError);
      expect((e as ProxmoxRequestError).status).toBe(595);
      expect((e as ProxmoxRequestError).transient).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('gives up after timeoutMs when the API does not answer', async () => {
    const sockets = new Set<Socket>();
    const silent = http.createServer(() => {});
    silent.on('connection', (s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const port = (silent.address() as AddressInfo).port;
      const d = createProxmoxHypervisor({
        baseUrl: `http://127.0.0.1:${port}`,
        tokenId: pve.tokenId,
        secret: pve.secret,
        timeoutMs: 150,
      });
      const e = await rejection(d.inventory());
      expect(e).toBeInstanceOf(ProxmoxRequestError);
      expect((e as ProxmoxRequestError).status).toBeNull();
      expect((e as ProxmoxRequestError).transient).toBe(true);
      expect(e.message).toMatch(/no answer within 150 ms/);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('sends a GET again on a fresh socket when the server closed the kept-alive one', async () => {
    let resets = 0;
    let answered = 0;
    const served = new WeakSet<Socket>();
    const flaky = http.createServer((req, res) => {
      // The second request on a connection finds it closed, as after a server's keep-alive timeout.
      if (served.has(req.socket)) {
        resets++;
        req.socket.destroy();
        return;
      }
      served.add(req.socket);
      answered++;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ data: [] }));
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
    try {
      const port = (flaky.address() as AddressInfo).port;
      const d = createProxmoxHypervisor({ baseUrl: `http://127.0.0.1:${port}`, tokenId: pve.tokenId, secret: pve.secret });
      expect(await d.inventory()).toEqual({ nodes: [], vms: [] });
      expect(await d.inventory()).toEqual({ nodes: [], vms: [] });
      expect(resets).toBeGreaterThan(0);
      expect(answered).toBe(4);
    } finally {
      flaky.closeAllConnections();
      await new Promise<void>((r) => flaky.close(() => r()));
    }
  });

  it('cuts the secret out of any text the server sends back', async () => {
    const vmid = pve.createVm({ name: 'echo' });
    pve.failNextRequest('GET', /\/status\/current$/, 500, `proxy said: Authorization PVEAPIToken=${pve.tokenId}=${pve.secret}`);
    const e = await rejection(driver.status(vmid));
    expect(e.message).toContain('[secret]');
    expect(e.message).not.toContain(pve.secret);
  });

  it('interprets config: sockets × cores, memory as current=, legacy boot letters, sizes in T and M, OVMF', async () => {
    const vmid = pve.createVm({
      name: 'legacy',
      config: {
        sockets: 2,
        cores: 3,
        memory: 'current=6144',
        boot: 'cdn',
        bootdisk: 'virtio0',
        virtio0: 'ceph:vm-1-disk-0,size=2T',
        scsi0: 'local:vm-1-disk-1,size=512M',
        net1: 'e1000=AA:BB:CC:DD:EE:01',
        bios: 'ovmf',
      },
    });
    expect(await driver.config(vmid)).toEqual({
      cores: 6,
      memoryMb: 6144,
      diskGb: 2048,
      bootOrder: ['virtio0', 'ide2', 'net0', 'net1'],
      bios: 'ovmf',
      tpm: false,
      network: null,
    });
    expect(
      interpretConfig({ scsi0: 'local:vm-2-disk-0,size=2252M', ide0: 'local:iso/x.iso,media=cdrom', net0: 'virtio=x' }),
    ).toEqual({
      cores: 1,
      memoryMb: 512,
      diskGb: 2.2,
      bootOrder: ['scsi0', 'ide0', 'net0'],
      bios: 'seabios',
      tpm: false,
      network: null,
    });
    expect(interpretConfig({ boot: 'legacy=dc', sata1: 'local:1,size=1G', ide2: 'cdrom,media=cdrom' }).bootOrder).toEqual([
      'ide2',
      'sata1',
    ]);
  });

  it('spreads coarse RRD rows over the finer grid (1 d from 30 min rows) and leaves no gaps', async () => {
    const vmid = pve.createVm({ name: 'rrd-day', power: 'RUNNING', memoryMb: 2048 });
    const m = await driver.metrics(vmid, '1d');
    expect(m).toHaveLength(288);
    const rows = pve.rrdRows(vmid, 'day');
    const byTime = new Map(rows.map((r) => [r.time, r]));
    let checked = 0;
    for (const p of m) {
      const row = byTime.get(Math.ceil(p.time / 1800) * 1800);
      if (!row || row.cpu === undefined) continue;
      expect(p.cpu).toBeCloseTo(row.cpu, 4);
      expect(p.maxMemBytes).toBe(2048 * 1024 * 1024);
      checked++;
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('averages finer RRD rows (newer PVE resolutions) into each bucket', async () => {
    const fine = await startFakePve({ rrd: { hour: { step: 10, rows: 420 } } });
    try {
      const vmid = fine.createVm({ name: 'rrd-fine', power: 'RUNNING' });
      const d = createProxmoxHypervisor({ baseUrl: fine.url, tokenId: fine.tokenId, secret: fine.secret });
      const m = await d.metrics(vmid, '1h');
      expect(m).toHaveLength(60);
      const rows = fine.rrdRows(vmid, 'hour');
      const p = m[30]!;
      const inBucket = rows.filter((r) => r.time > p.time - 60 && r.time <= p.time);
      expect(inBucket).toHaveLength(6);
      expect(p.netInBps).toBe(Math.round(inBucket.reduce((s, r) => s + r.netin!, 0) / 6));
    } finally {
      await fine.close();
    }
  });

  it('shapes empty or partial RRD data to the exact grid with zeros', () => {
    const at = new Date('2026-03-01T12:34:56Z');
    for (const range of ['1h', '1d', '1w', '1m'] as const) {
      const { points, stepSeconds } = METRICS_RANGES[range];
      const m = shapeMetrics([{ time: 1 }], range, at, 1024);
      expect(m).toHaveLength(points);
      expect(m.at(-1)!.time % stepSeconds).toBe(0);
      expect(m.every((p) => p.cpu === 0 && p.memBytes === 0 && p.maxMemBytes === 1024)).toBe(true);
    }
  });

  it('opens a console with vncproxy websocket=1 generate-password=1 and its one-time ticket on vncwebsocket, with the token header', async () => {
    const vmid = pve.createVm({ name: 'vnc-me', node: 'pve2', power: 'RUNNING' });
    const from = pve.requests.length;
    const target = await driver.console(vmid);
    expect(target).toMatchObject({ kind: 'vnc', node: 'pve2', password: expect.any(String) });
    const proxy = pve.requests.slice(from).find((r) => r.path.endsWith('/vncproxy'))!;
    expect(proxy).toMatchObject({
      method: 'POST',
      path: `/api2/json/nodes/pve2/qemu/${vmid}/vncproxy`,
      params: { websocket: '1', 'generate-password': '1' },
    });
    if (target.kind !== 'vnc') throw new Error('expected a vnc target');
    const ws = await driver.openVnc!(vmid, target);
    const got: string[] = [];
    ws.on('message', (m: Buffer) => got.push(m.toString('latin1')));
    ws.resume();
    // The VM's VNC server greets, and after the viewer's version offers VNC authentication.
    await expect.poll(() => got).toEqual(['RFB 003.008\n']);
    ws.send(Buffer.from('RFB 003.008\n'));
    await expect.poll(() => got).toEqual(['RFB 003.008\n', '\x01\x02']);
    ws.close();
    const upgrade = pve.requests.filter((r) => r.path.endsWith('/vncwebsocket')).at(-1)!;
    expect(upgrade).toMatchObject({
      path: `/api2/json/nodes/pve2/qemu/${vmid}/vncwebsocket`,
      authorization: `PVEAPIToken=portside@pve!driver=${pve.secret}`,
    });
    expect(upgrade.params).toEqual({ port: String(target.port), vncticket: target.ticket });
    // The ticket was used up: a second socket is refused, and the error quotes no ticket.
    const e = await rejection(driver.openVnc!(vmid, target));
    expect(e).toBeInstanceOf(ProxmoxRequestError);
    expect(e.message).toMatch(/HTTP 401/);
    expect(e.message).not.toContain(target.ticket);
  });

  describe('over https with a self-signed certificate', () => {
    let dir = '';
    let tls: { key: string; cert: string } | null = null;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-pve-tls-'));
      const key = path.join(dir, 'key.pem');
      const cert = path.join(dir, 'cert.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '2',
          '-subj',
          '/CN=pve.test',
          '-addext',
          'subjectAltName=IP:127.0.0.1,DNS:localhost',
        ],
        { stdio: 'ignore' },
      );
      tls = { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
    });
    afterAll(() => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('trusts the cluster certificate given as ca, and refuses the connection without it', async () => {
      const secure = await startFakePve({ tls: tls! });
      try {
        expect(secure.url).toMatch(/^https:/);
        const vmid = secure.createVm({ name: 'tls-vm' });
        const trusted = createProxmoxHypervisor({
          baseUrl: secure.url,
          tokenId: secure.tokenId,
          secret: secure.secret,
          ca: tls!.cert,
        });
        expect((await trusted.inventory()).vms.map((v) => v.vmid)).toContain(vmid);

        // The console websocket goes over wss with the same CA.
        await trusted.power(vmid, 'start');
        const target = await trusted.console(vmid);
        if (target.kind !== 'vnc') throw new Error('expected a vnc target');
        const ws = await trusted.openVnc!(vmid, target);
        const banner = new Promise<string>((resolve) => ws.once('message', (m: Buffer) => resolve(m.toString('latin1'))));
        ws.resume();
        expect(await banner).toBe('RFB 003.008\n');
        ws.close();

        const untrusted = createProxmoxHypervisor({ baseUrl: secure.url, tokenId: secure.tokenId, secret: secure.secret });
        const e = await rejection(untrusted.inventory());
        expect(e).toBeInstanceOf(ProxmoxRequestError);
        expect(e.message).toMatch(/self[- ]signed certificate/);
        expect(e.message).not.toContain(secure.secret);
      } finally {
        await secure.close();
      }
    });
  });
});
