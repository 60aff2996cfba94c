import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxmoxHypervisor } from '../src/drivers/hypervisor/proxmox.js';
import { startFakePve, type FakePve } from './fake-pve.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';
import { bytes } from './hypervisor-contract-data.js';

type Driver = ReturnType<typeof createProxmoxHypervisor>;
const driverFor = (pve: FakePve, extra: { backupStorage?: string; isoStorage?: string } = {}) =>
  createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret, ...extra });
const mutations = (pve: FakePve, from: number) => pve.requests.slice(from).filter((r) => r.method !== 'GET');

async function done(d: Driver, task: Promise<string | null>): Promise<void> {
  const id = await task;
  if (id) expect((await waitTask(d, id)).state).toBe('ok');
}

describe('proxmox driver: backups, snapshots and ISO images', () => {
  let pve: FakePve;
  let driver: Driver;
  beforeAll(async () => {
    pve = await startFakePve();
    driver = driverFor(pve);
  });
  afterAll(async () => {
    await pve?.close();
  });

  it('backs up with vzdump on the VM node and addresses the backup by its URL-encoded volid', async () => {
    const vmid = pve.createVm({ name: 'bk-paths', node: 'pve2' });
    const from = pve.requests.length;
    await done(driver, driver.backup(vmid, 'manual'));
    const [b] = await driver.backups(vmid);
    await driver.protectBackup(vmid, b!.volid, true);
    await expectRefusal(driver.deleteBackup(vmid, b!.volid), 'BAD_PARAMETER', /^backup is protected$/);
    await driver.protectBackup(vmid, b!.volid, false);
    await done(driver, driver.deleteBackup(vmid, b!.volid));
    const encoded = `/api2/json/nodes/pve2/storage/local/content/${encodeURIComponent(b!.volid)}`;
    expect(encoded).toContain('local%3Abackup%2Fvzdump-qemu-');
    expect(mutations(pve, from).map((r) => [r.method, r.path, r.params])).toEqual([
      [
        'POST',
        '/api2/json/nodes/pve2/vzdump',
        { vmid: String(vmid), storage: 'local', mode: 'snapshot', compress: 'zstd', 'notes-template': 'manual' },
      ],
      ['PUT', encoded, { protected: '1' }],
      ['PUT', encoded, { protected: '0' }],
      ['DELETE', encoded, {}],
    ]);
    const listing = pve.requests.slice(from).find((r) => r.path.endsWith('/storage/local/content') && r.method === 'GET')!;
    expect(listing.params).toEqual({ content: 'backup', vmid: String(vmid) });
  });

  it("never touches another VM's backup", async () => {
    const mine = pve.createVm({ name: 'bk-mine', node: 'pve1' });
    const theirs = pve.createVm({ name: 'bk-theirs', node: 'pve1' });
    await done(driver, driver.backup(theirs, 'manual'));
    const [b] = await driver.backups(theirs);
    const from = pve.requests.length;
    await expectRefusal(driver.protectBackup(mine, b!.volid, true), 'NOT_FOUND', /does not exist/);
    await expectRefusal(driver.deleteBackup(mine, b!.volid), 'NOT_FOUND', /does not exist/);
    await expectRefusal(driver.restoreBackup(mine, b!.volid), 'NOT_FOUND', /does not exist/);
    expect(mutations(pve, from)).toEqual([]);
  });

  it('reaches the backups of a destroyed VM through an online node', async () => {
    const vmid = pve.createVm({ name: 'bk-gone', node: 'pve1' });
    await done(driver, driver.backup(vmid, 'manual'));
    const [b] = await driver.backups(vmid);
    await done(driver, driver.delete(vmid));
    await expectRefusal(driver.backups(vmid), 'NOT_FOUND', /does not exist/);
    await driver.protectBackup(vmid, b!.volid, true);
    await expectRefusal(driver.deleteBackup(vmid, b!.volid), 'BAD_PARAMETER', /^backup is protected$/);
    await driver.protectBackup(vmid, b!.volid, false);
    await done(driver, driver.deleteBackup(vmid, b!.volid));
    expect(pve.volumes('pve1').some((v) => v.volid === b!.volid)).toBe(false);
  });

  it('uses the configured backup and ISO storages', async () => {
    const vmid = pve.createVm({ name: 'bk-storage', node: 'pve1' });
    const other = driverFor(pve, { backupStorage: 'nfs-backup', isoStorage: 'iso-share' });
    const from = pve.requests.length;
    await expectRefusal(other.backups(vmid), 'NOT_FOUND', /storage 'nfs-backup' does not exist/);
    await expectRefusal(other.isos('pve1'), 'NOT_FOUND', /storage 'iso-share' does not exist/);
    expect(pve.requests.slice(from).map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api2/json/nodes/pve1/storage/nfs-backup/content',
        '/api2/json/nodes/pve1/storage/iso-share/content',
      ]),
    );
  });

  it('restores with archive and force, and as a new VM with unique and the name in the same request', async () => {
    const vmid = pve.createVm({ name: 'rs-src', node: 'pve1', diskGb: 16 });
    await done(driver, driver.backup(vmid, 'manual'));
    const [b] = await driver.backups(vmid);
    const from = pve.requests.length;
    await done(driver, driver.restoreBackup(vmid, b!.volid));
    await done(driver, driver.restoreBackupAsNew(vmid, b!.volid, 777, 'rs-copy'));
    expect(mutations(pve, from).map((r) => [r.method, r.path, r.params])).toEqual([
      ['POST', '/api2/json/nodes/pve1/qemu', { vmid: String(vmid), archive: b!.volid, force: '1' }],
      ['POST', '/api2/json/nodes/pve1/qemu', { vmid: '777', archive: b!.volid, unique: '1', name: 'rs-copy' }],
    ]);
    const copy = pve.vmConfig(777)!;
    expect(copy).toMatchObject({ name: 'rs-copy', scsi0: expect.stringMatching(/^local-lvm:vm-777-disk-0,.*size=16G/) });
    expect(copy.net0).not.toBe(pve.vmConfig(vmid)!.net0);
  });

  it('answers the running restore of a re-run from the node task list', async () => {
    const slow = await startFakePve({ taskDurationMs: 300 });
    try {
      const d = driverFor(slow);
      const vmid = slow.createVm({ name: 'rs-slow', node: 'pve2' });
      await done(d, d.backup(vmid, 'manual'));
      const [b] = await d.backups(vmid);
      const task = await d.restoreBackupAsNew(vmid, b!.volid, 888, 'rs-slow-copy');
      expect(slow.vmConfig(888)).toEqual({ lock: 'create' });
      expect(await d.restoreBackupAsNew(vmid, b!.volid, 888, 'rs-slow-copy')).toBe(task);
      const list = slow.requests.filter((r) => r.path === '/api2/json/nodes/pve2/tasks').at(-1)!;
      expect(list.params).toEqual({ vmid: '888', typefilter: 'qmrestore', source: 'active' });
      expect((await waitTask(d, task!)).state).toBe('ok');
      expect(await d.restoreBackupAsNew(vmid, b!.volid, 888, 'rs-slow-copy')).toBeNull();
    } finally {
      await slow.close();
    }
  });

  it('sends snapshot, delete and rollback to their paths and orders snapshots of one second by their line', async () => {
    const vmid = pve.createVm({ name: 'sn-paths', node: 'pve1' });
    const from = pve.requests.length;
    for (const name of ['zeta', 'alpha', 'mid']) await done(driver, driver.snapshot(vmid, name, name === 'zeta' ? 'first' : ''));
    expect((await driver.snapshots(vmid)).map((s) => [s.name, s.parent, s.sizeBytes])).toEqual([
      ['zeta', null, 0],
      ['alpha', 'zeta', 0],
      ['mid', 'alpha', 0],
    ]);
    await done(driver, driver.rollbackSnapshot(vmid, 'mid'));
    await done(driver, driver.deleteSnapshot(vmid, 'alpha'));
    expect(mutations(pve, from).map((r) => [r.method, r.path, r.params])).toEqual([
      ['POST', `/api2/json/nodes/pve1/qemu/${vmid}/snapshot`, { snapname: 'zeta', description: 'first' }],
      ['POST', `/api2/json/nodes/pve1/qemu/${vmid}/snapshot`, { snapname: 'alpha' }],
      ['POST', `/api2/json/nodes/pve1/qemu/${vmid}/snapshot`, { snapname: 'mid' }],
      ['POST', `/api2/json/nodes/pve1/qemu/${vmid}/snapshot/mid/rollback`, {}],
      ['DELETE', `/api2/json/nodes/pve1/qemu/${vmid}/snapshot/alpha`, {}],
    ]);
    expect((await driver.snapshots(vmid)).map((s) => [s.name, s.parent])).toEqual([
      ['zeta', null],
      ['mid', 'zeta'],
    ]);
  });

  it('uploads an ISO image as multipart with content=iso and the file part filename, streamed with its exact length', async () => {
    const from = pve.requests.length;
    const size = 3 * 1024 * 1024 + 17;
    await done(driver, driver.uploadIso('pve2', 'c4-multi.iso', size, bytes(size)));
    const up = pve.requests.slice(from).find((r) => r.method === 'POST')!;
    expect(up).toMatchObject({
      path: '/api2/json/nodes/pve2/storage/local/upload',
      params: { content: 'iso', '@file': 'c4-multi.iso', '@bytes': String(size) },
      upload: { field: 'filename', filename: 'c4-multi.iso', bytes: size },
    });
    expect(pve.volumes('pve2').find((v) => v.volid === 'local:iso/c4-multi.iso')).toMatchObject({ content: 'iso', size });
    const before = pve.requests.length;
    await expectRefusal(driver.uploadIso('pve2', 'c4-short.iso', size, bytes(size - 5)), 'BAD_PARAMETER', /got \d+ bytes where/);
    await expectRefusal(driver.uploadIso('pve2', 'c4-long.iso', 10, bytes(11)), 'BAD_PARAMETER', /got 11 bytes where 10/);
    expect(pve.requests.slice(before).some((r) => r.upload)).toBe(false);
    expect(pve.volumes('pve2').some((v) => /c4-(short|long)/.test(v.volid))).toBe(false);
    // The fake checks the form like Proxmox: a wrong extension and another content type are 400.
    const form = new FormData();
    form.set('content', 'iso');
    form.set('filename', new Blob([Buffer.alloc(4)]), 'c4.exe');
    const res = await fetch(`${pve.url}/api2/json/nodes/pve2/storage/local/upload`, {
      method: 'POST',
      headers: { Authorization: `PVEAPIToken=${pve.tokenId}=${pve.secret}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ data: null, errors: { filename: 'wrong file extension' } });
    const removal = pve.requests.length;
    await done(driver, driver.deleteIso('pve2', 'c4-multi.iso'));
    expect(mutations(pve, removal).map((r) => [r.method, r.path])).toEqual([
      ['DELETE', `/api2/json/nodes/pve2/storage/local/content/${encodeURIComponent('local:iso/c4-multi.iso')}`],
    ]);
  });

  it('puts the CD on ide2 with POST config, its digest and the boot order (other devices kept), and ejects', async () => {
    const vmid = pve.createVm({
      name: 'cd-config',
      node: 'pve1',
      config: {
        virtio1: 'local-lvm:vm-1-disk-1,size=4G',
        net1: 'virtio=AA:BB:CC:DD:EE:02,bridge=vmbr1',
        boot: 'order=scsi0;net0;virtio1;net1',
      },
    });
    await done(driver, driver.uploadIso('pve1', 'c5-cd.iso', 64, bytes(64)));
    const from = pve.requests.length;
    await driver.setCdrom(vmid, 'c5-cd.iso');
    expect(pve.vmConfig(vmid)).toMatchObject({
      ide2: 'local:iso/c5-cd.iso,media=cdrom',
      boot: 'order=ide2;scsi0;net0;virtio1;net1',
    });
    expect(await driver.cdrom(vmid)).toBe('c5-cd.iso');
    await driver.setCdrom(vmid, null);
    expect(pve.vmConfig(vmid)).toMatchObject({ ide2: 'none,media=cdrom', boot: 'order=scsi0;ide2;net0;virtio1;net1' });
    expect(await driver.cdrom(vmid)).toBeNull();
    const writes = mutations(pve, from);
    expect(writes.map((r) => [r.method, r.path])).toEqual([
      ['POST', `/api2/json/nodes/pve1/qemu/${vmid}/config`],
      ['POST', `/api2/json/nodes/pve1/qemu/${vmid}/config`],
    ]);
    for (const w of writes) expect(w.params.digest).toMatch(/^[0-9a-f]{40}$/);
    // A config changed between the read and the write is not overwritten.
    pve.failNextRequest('POST', /\/config$/, 500, 'detected modified configuration - file changed by other user? Try again.');
    await expect(driver.setCdrom(vmid, 'c5-cd.iso')).rejects.toThrow(/detected modified configuration/);
  });

  it("refuses to put a CD over the VM's cloud-init drive on ide2", async () => {
    const vmid = pve.createVm({ name: 'cd-cloudinit', node: 'pve1', config: { ide2: 'local-lvm:vm-1-cloudinit,media=cdrom' } });
    await done(driver, driver.uploadIso('pve1', 'c6-ci.iso', 8, bytes(8)));
    const from = pve.requests.length;
    await expectRefusal(driver.setCdrom(vmid, 'c6-ci.iso'), 'BAD_PARAMETER', /cloud-init drive on ide2/);
    expect(mutations(pve, from)).toEqual([]);
  });

  it('checks a taken snapshot name, an older rollback and Proxmox locks before asking, as Proxmox finds them only in the task', async () => {
    const vmid = pve.createVm({ name: 'sn-checks', node: 'pve2' });
    await done(driver, driver.snapshot(vmid, 'one', ''));
    await done(driver, driver.snapshot(vmid, 'two', ''));
    const from = pve.requests.length;
    await expectRefusal(driver.snapshot(vmid, 'one', ''), 'BAD_PARAMETER', /^snapshot name 'one' already used$/);
    await expectRefusal(driver.rollbackSnapshot(vmid, 'one'), 'BAD_PARAMETER', /not most recent snapshot/);
    pve.setLock(vmid, 'migrate');
    await expectRefusal(driver.backup(vmid, 'manual'), 'LOCKED', /^VM is locked \(migrate\)$/);
    await expectRefusal(driver.deleteSnapshot(vmid, 'two'), 'LOCKED', /^VM is locked \(migrate\)$/);
    pve.setLock(vmid, null);
    expect(mutations(pve, from)).toEqual([]);
    // Asked anyway, the fake fails the task with Proxmox's words.
    const res = await fetch(`${pve.url}/api2/json/nodes/pve2/qemu/${vmid}/snapshot/one/rollback`, {
      method: 'POST',
      headers: { Authorization: `PVEAPIToken=${pve.tokenId}=${pve.secret}` },
    });
    const { data } = (await res.json()) as { data: string };
    expect(await waitTask(driver, data)).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/^can't rollback, 'one' is not most recent snapshot on /),
    });
  });
});
