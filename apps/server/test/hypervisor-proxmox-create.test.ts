import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProxmoxHypervisor } from '../src/drivers/hypervisor/proxmox.js';
import { encodeSshKeys } from '../src/drivers/hypervisor/proxmox-create.js';
import { startFakePve, type FakePve } from './fake-pve.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';
import { CREATE_KEYS, CREATE_PASSWORD, createSpec, provision } from './hypervisor-contract-create.js';

const driverFor = (pve: FakePve) => createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret });
const mutations = (pve: FakePve, from: number) => pve.requests.slice(from).filter((r) => r.method !== 'GET');

/** Sends one request to the fake as the driver would, answering status, reason and body. */
async function raw(pve: FakePve, method: string, path: string, form: Record<string, string>) {
  const res = await fetch(`${pve.url}/api2/json${path}`, {
    method,
    headers: { Authorization: `PVEAPIToken=${pve.tokenId}=${pve.secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    ...(method === 'GET' ? {} : { body: new URLSearchParams(form).toString() }),
  });
  return {
    status: res.status,
    reason: res.statusText,
    body: (await res.json()) as { data: unknown; errors?: Record<string, string> },
  };
}

describe('proxmox driver: creating VMs', () => {
  let pve: FakePve;
  let driver: ReturnType<typeof createProxmoxHypervisor>;
  let tpl1 = 0;
  beforeAll(async () => {
    pve = await startFakePve();
    tpl1 = pve.createTemplate({ image: 'debian-12', node: 'pve1', vmid: 9000 });
    pve.createTemplate({ image: 'ubuntu-24.04', node: 'pve1', vmid: 9001, storage: 'ceph', diskGb: 5 });
    pve.createTemplate({ image: 'rocky-9', node: 'pve1', vmid: 9002, diskGb: 10 });
    pve.createTemplate({ image: 'windows-2022', node: 'pve2', vmid: 9003, diskGb: 40, config: { ostype: 'win11' } });
    driver = driverFor(pve);
  });
  afterAll(async () => {
    await pve?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers nextid: the lowest id no VM, container or template holds', async () => {
    const taken = new Set((await driver.inventory()).vms.map((v) => v.vmid));
    const id = await driver.nextVmid();
    expect(taken.has(id)).toBe(false);
    expect(id).toBe(
      [...Array(1000).keys()].map((i) => i + 100).find((i) => !taken.has(i) && ![9000, 9001, 9002, 9003].includes(i)),
    );
    expect(await raw(pve, 'GET', `/cluster/nextid?vmid=9000`, {})).toMatchObject({
      status: 400,
      body: { errors: { vmid: 'VM 9000 already exists' } },
    });
  });

  it('clones the template, writes hardware and cloud-init, grows the disk and starts, with the real API calls', async () => {
    const from = pve.requests.length;
    const vmid = await driver.nextVmid();
    const spec = createSpec({ vmid, node: 'pve1', name: 'seq.example', diskGb: 20 });
    expect(await provision(driver, spec)).toBe(vmid);
    const calls = mutations(pve, from).map((r) => `${r.method} ${r.path.replace('/api2/json', '')}`);
    expect(calls).toEqual([
      `POST /nodes/pve1/qemu/${tpl1}/clone`,
      `PUT /nodes/pve1/qemu/${vmid}/config`,
      `PUT /nodes/pve1/qemu/${vmid}/resize`,
      `POST /nodes/pve1/qemu/${vmid}/status/start`,
    ]);
    const [clone, config, resize] = mutations(pve, from);
    expect(clone!.params).toEqual({ newid: String(vmid), name: 'seq.example', full: '1' });
    expect(config!.params).toEqual({
      cores: '2',
      sockets: '1',
      memory: '2048',
      ciuser: 'root',
      agent: '1',
      ipconfig0: 'ip=dhcp',
      sshkeys: encodeSshKeys(CREATE_KEYS),
      cipassword: CREATE_PASSWORD,
      digest: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(resize!.params).toEqual({ disk: 'scsi0', size: '20G' });
    const cfg = pve.vmConfig(vmid)!;
    expect(cfg).toMatchObject({
      name: 'seq.example',
      cores: 2,
      sockets: 1,
      memory: 2048,
      ciuser: 'root',
      ipconfig0: 'ip=dhcp',
      ide0: `local-lvm:vm-${vmid}-cloudinit,media=cdrom`,
    });
    expect(cfg.scsi0).toMatch(new RegExp(`^local-lvm:vm-${vmid}-disk-0,.*size=20G`));
    expect(cfg.template).toBeUndefined();
    expect(await driver.config(vmid)).toMatchObject({ cores: 2, memoryMb: 2048, diskGb: 20 });
  });

  it('gives the first NIC the static addresses of the spec as ipconfig0 (IPv6 always, IPv4 when there is one)', async () => {
    const network = {
      ipv4: { address: '185.66.10.40', prefix: 24, gateway: '185.66.10.1' },
      ipv6: { address: '2a0e:1d80:10::40', prefix: 64, gateway: '2a0e:1d80:10::1' },
    };
    for (const [name, net, want] of [
      ['both.example', network, 'ip=185.66.10.40/24,gw=185.66.10.1,ip6=2a0e:1d80:10::40/64,gw6=2a0e:1d80:10::1'],
      ['six.example', { ...network, ipv4: null }, 'ip6=2a0e:1d80:10::40/64,gw6=2a0e:1d80:10::1'],
    ] as const) {
      const vmid = await driver.nextVmid();
      expect(await provision(driver, { ...createSpec({ vmid, node: 'pve1', name, diskGb: 20 }), network: net })).toBe(vmid);
      expect(pve.vmConfig(vmid)!.ipconfig0).toBe(want);
    }
    // An address of the wrong family is refused before the cluster is asked anything.
    const bad = { ...network, ipv6: { address: '185.66.10.41', prefix: 64, gateway: '2a0e:1d80:10::1' } };
    await expect(driver.create({ ...createSpec({ name: 'bad.example' }), network: bad })).rejects.toMatchObject({
      code: 'BAD_PARAMETER',
      message: expect.stringContaining('ip6: invalid IPv6 address'),
    });
  });

  it('sends sshkeys URL-encoded as Proxmox requires (%20, %2B, %2F, %3D, %0A), which the API decodes to the keys', async () => {
    expect(encodeSshKeys(CREATE_KEYS)).toMatch(/^[-%a-zA-Z0-9_.!~*'()]*$/);
    expect(encodeSshKeys(CREATE_KEYS)).toContain('%0Assh-rsa%20AAAA');
    for (const part of ['%20', '%2B', '%2F', '%3D']) expect(encodeSshKeys(CREATE_KEYS)).toContain(part);
    const vmid = await provision(driver, createSpec({ vmid: await driver.nextVmid(), node: 'pve1', name: 'keys.example' }));
    expect(decodeURIComponent(String(pve.vmConfig(vmid)!.sshkeys)).split('\n')).toEqual(CREATE_KEYS);
    // The fake checks as Proxmox does: unencoded keys are a 400, undecodable ones a 500.
    const path = `/nodes/pve1/qemu/${vmid}/config`;
    const plain = await raw(pve, 'PUT', path, { sshkeys: CREATE_KEYS[0]! });
    expect(plain).toMatchObject({
      status: 400,
      reason: 'Parameter verification failed.',
      body: { errors: { sshkeys: `invalid urlencoded string: ${CREATE_KEYS[0]}` } },
    });
    expect(await raw(pve, 'PUT', path, { sshkeys: encodeURIComponent('ssh-ed25519 AAAAnotakey') })).toMatchObject({
      status: 500,
      reason: 'SSH public key validation error',
    });
    expect(await raw(pve, 'PUT', path, { cicustom: 'user=local:snippets/x.yml' })).toMatchObject({
      status: 400,
      body: { errors: { cicustom: 'property is not defined in schema and the schema does not allow additional properties' } },
    });
  });

  it('never lets the password out: no log line, no error text, read back masked and stored hashed', async () => {
    const printed: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...a: unknown[]) => void printed.push(a.map(String).join(' ')));
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
        printed.push(String(chunk));
        return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      });
    }
    const from = pve.requests.length;
    const spec = createSpec({ vmid: await driver.nextVmid(), node: 'pve1', name: 'secret.example' });
    const vmid = await provision(driver, spec);
    // A cluster (or a proxy in front of it) that echoes the value in its refusal.
    pve.failNextRequest('PUT', /\/config$/, 400, 'Parameter verification failed.', {
      cipassword: `value '${CREATE_PASSWORD}' rejected`,
      ciuser: `near ${encodeURIComponent(CREATE_PASSWORD)}`,
    });
    const e = (await driver.finishCreate(vmid, spec).catch((err: Error) => err)) as Error;
    expect(e).toMatchObject({ code: 'BAD_PARAMETER' });
    expect(e.message).toContain('[password]');
    expect(JSON.stringify({ m: e.message, s: e.stack })).not.toContain('horse');
    vi.restoreAllMocks();
    expect(printed.join('\n')).not.toContain('horse');
    // Only the config write carries it, in its form body, never in a path or query.
    const carrying = pve.requests.slice(from).filter((r) => JSON.stringify(r).includes('horse'));
    expect(carrying.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /api2/json/nodes/pve1/qemu/${vmid}/config`,
      `PUT /api2/json/nodes/pve1/qemu/${vmid}/config`,
    ]);
    expect(pve.requests.slice(from).every((r) => !r.path.includes('horse'))).toBe(true);
    const readBack = await raw(pve, 'GET', `/nodes/pve1/qemu/${vmid}/config`, {});
    expect((readBack.body.data as Record<string, unknown>).cipassword).toBe('**********');
    expect(String(pve.vmConfig(vmid)!.cipassword)).toMatch(/^\$5\$/);
  });

  it('clones from shared storage to another node with target, and refuses local storage in the words of Proxmox', async () => {
    const from = pve.requests.length;
    const vmid = await provision(
      driver,
      createSpec({ vmid: await driver.nextVmid(), node: 'pve2', name: 'moved.example', image: 'ubuntu-24.04' }),
    );
    expect(mutations(pve, from)[0]).toMatchObject({
      path: '/api2/json/nodes/pve1/qemu/9001/clone',
      params: { target: 'pve2', full: '1' },
    });
    expect((await driver.inventory()).vms.find((v) => v.vmid === vmid)).toMatchObject({ node: 'pve2', power: 'RUNNING' });
    await expectRefusal(
      driver.create(createSpec({ node: 'pve2', name: 'stuck.example' })),
      'BAD_PARAMETER',
      /^can't clone VM to node 'pve2' \(VM uses local storage\)$/,
    );
  });

  it('refuses an image without a template, a template without cloud-init, and a template disk larger than asked', async () => {
    const lone = await startFakePve();
    try {
      const d = driverFor(lone);
      await expectRefusal(
        d.create(createSpec()),
        'NOT_FOUND',
        /^image debian-12: the cluster has no VM template named 'tpl-debian-12'$/,
      );
      lone.createTemplate({ image: 'debian-12', node: 'pve1', vmid: 9100, cloudInit: false });
      await expectRefusal(
        d.create(createSpec()),
        'BAD_PARAMETER',
        /^template tpl-debian-12 \(VM 9100\) has no cloud-init drive$/,
      );
      lone.createTemplate({ image: 'rocky-9', node: 'pve1', vmid: 9101, diskGb: 20 });
      await expectRefusal(
        d.create(createSpec({ image: 'rocky-9', diskGb: 12 })),
        'BAD_PARAMETER',
        /^disk: 12 GB is less than the 20 GB of template tpl-rocky-9$/,
      );
      expect(lone.requests.some((r) => r.path.endsWith('/clone'))).toBe(false);
    } finally {
      await lone.close();
    }
  });

  it('follows a clone a re-run finds still running by the VM itself, and a failed one to its end', async () => {
    const slow = await startFakePve({ taskDurationMs: 300 });
    try {
      const tpl = slow.createTemplate({ image: 'debian-12', node: 'pve1' });
      const d = driverFor(slow);
      const spec = createSpec({ vmid: await d.nextVmid(), node: 'pve1', name: 'slow.example' });
      const first = await d.create(spec);
      expect(await d.task(first.taskId!)).toMatchObject({ state: 'running' });
      expect(slow.vmConfig(spec.vmid!)).toEqual({ lock: 'clone', description: ' qmclone temporary file\n' });
      expect((await d.status(spec.vmid!)).locked).toBe(true);
      await expectRefusal(d.finishCreate(spec.vmid!, spec), 'BAD_PARAMETER', /is not named/); // no name yet: not the VM asked for
      const again = await d.create(spec);
      expect(again).toEqual({ vmid: spec.vmid, node: 'pve1', taskId: `portside-clone:${spec.vmid}:slow.example` });
      expect(await d.task(again.taskId!)).toEqual({ id: again.taskId, state: 'running', message: null });
      expect(await waitTask(d, again.taskId!)).toEqual({ id: again.taskId, state: 'ok', message: null });
      expect((await waitTask(d, first.taskId!)).state).toBe('ok');

      slow.failNextTask(tpl, 'clone failed: storage migration failed');
      const doomed = createSpec({ vmid: await d.nextVmid(), node: 'pve1', name: 'doomed.example' });
      await d.create(doomed);
      const follow = (await d.create(doomed)).taskId!;
      expect(await waitTask(d, follow)).toEqual({
        id: follow,
        state: 'error',
        message: `clone failed: VM ${doomed.vmid} no longer exists`,
      });
    } finally {
      await slow.close();
    }
  });

  it('maps a newid taken after the check (Proxmox: config file already exists) to BAD_PARAMETER', async () => {
    const vmid = await driver.nextVmid();
    pve.failNextRequest('POST', /\/clone$/, 500, `unable to create VM ${vmid}: config file already exists`);
    await expectRefusal(
      driver.create(createSpec({ vmid, node: 'pve1', name: 'raced.example' })),
      'BAD_PARAMETER',
      /^unable to create VM \d+: config file already exists$/,
    );
    expect(await raw(pve, 'POST', `/nodes/pve1/qemu/${tpl1}/clone`, { newid: String(tpl1) })).toMatchObject({
      status: 500,
      reason: `unable to create VM ${tpl1}: config file already exists`,
    });
  });

  it('resizes only upwards: the fake ends a shrinking resize task in error, the driver refuses it before asking', async () => {
    const spec = createSpec({ vmid: await driver.nextVmid(), node: 'pve1', name: 'grown.example' });
    const vmid = await provision(driver, spec);
    const shrink = await raw(pve, 'PUT', `/nodes/pve1/qemu/${vmid}/resize`, { disk: 'scsi0', size: '8G' });
    expect(await waitTask(driver, shrink.body.data as string)).toMatchObject({
      state: 'error',
      message: 'shrinking disks is not supported',
    });
    const from = pve.requests.length;
    await expectRefusal(driver.finishCreate(vmid, { ...spec, diskGb: 8 }), 'BAD_PARAMETER', /^shrinking disks is not supported$/);
    expect(mutations(pve, from)).toEqual([]);
  });

  it('takes a synchronous resize (PVE before 8: null) as done', async () => {
    const old = await startFakePve({ syncResize: true });
    try {
      old.createTemplate({ image: 'debian-12', node: 'pve1' });
      const d = driverFor(old);
      const spec = createSpec({ vmid: await d.nextVmid(), node: 'pve1', name: 'old-pve' });
      await waitTask(d, (await d.create(spec)).taskId!);
      expect(await d.finishCreate(spec.vmid!, spec)).toBeNull();
      expect((await d.config(spec.vmid!)).diskGb).toBe(12);
    } finally {
      await old.close();
    }
  });

  it('sets Windows up for cloudbase-init: Administrator, the password as given, OVMF with an EFI disk', async () => {
    const from = pve.requests.length;
    const spec = createSpec({
      vmid: await driver.nextVmid(),
      node: 'pve2',
      name: 'win-1',
      image: 'windows-2022',
      diskGb: 60,
      sshKeys: [],
      bios: 'ovmf',
    });
    const vmid = await provision(driver, spec);
    expect(mutations(pve, from)[1]!.params).toMatchObject({
      ciuser: 'Administrator',
      bios: 'ovmf',
      efidisk0: 'local-lvm:1,efitype=4m,pre-enrolled-keys=1',
    });
    expect(mutations(pve, from)[1]!.params.sshkeys).toBeUndefined();
    const cfg = pve.vmConfig(vmid)!;
    expect(cfg).toMatchObject({ ciuser: 'Administrator', bios: 'ovmf', cipassword: CREATE_PASSWORD });
    expect(cfg.efidisk0).toMatch(new RegExp(`^local-lvm:vm-${vmid}-disk-\\d+,efitype=4m,pre-enrolled-keys=1,size=4M$`));
    expect(await driver.config(vmid)).toMatchObject({ bios: 'ovmf', diskGb: 60 });
  });

  it('keeps the nodeFilter: creates only on its nodes and counts only their VMs', async () => {
    const scoped = createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret, nodeFilter: ['pve2'] });
    await expectRefusal(scoped.create(createSpec({ node: 'pve1' })), 'NOT_FOUND', /no such cluster node 'pve1'/);
    const started = await scoped.create(createSpec({ name: 'filtered.example', image: 'windows-2022', diskGb: 40 }));
    expect(started.node).toBe('pve2');
    expect((await waitTask(scoped, started.taskId!)).state).toBe('ok');
  });
});
