import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HypervisorError } from '../src/drivers/hypervisor/hypervisor.js';
import { createProxmoxHypervisor, interpretConfig } from '../src/drivers/hypervisor/proxmox.js';
import { startFakePve, type FakePve } from './fake-pve.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';
import { lifecycleContract } from './hypervisor-contract-lifecycle.js';

type Driver = ReturnType<typeof createProxmoxHypervisor>;
const driverFor = (pve: FakePve) => createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret });
const mutations = (pve: FakePve, from: number) => pve.requests.slice(from).filter((r) => r.method !== 'GET');

/** A VM as the portal's templates make them: guest agent on, cloud-init drive on ide0, CD drive on ide2. */
const portalVm = (vmid: number | undefined, extra: Record<string, string | number> = {}) => ({
  agent: '1',
  ide0: `local-lvm:vm-${vmid ?? 0}-cloudinit,media=cdrom`,
  ...extra,
});

async function done(d: Driver, task: Promise<string | null>): Promise<void> {
  const id = await task;
  if (id) expect((await waitTask(d, id)).state).toBe('ok');
}

// The lifecycle contract against the fake PVE, with tasks that take a little time (polled as on a real cluster).
lifecycleContract('proxmox (fake PVE)', async () => {
  const pve = await startFakePve({ taskDurationMs: 30 });
  return {
    driver: driverFor(pve),
    createVm: async ({ locked, bios, ...spec }) =>
      pve.createVm({
        ...spec,
        protection: locked ?? false,
        config: portalVm(undefined, bios === 'ovmf' ? { bios, efidisk0: 'local-lvm:vm-0-disk-1,efitype=4m,size=4M' } : {}),
      }),
    failNextTask: async (vmid, message) => pve.failNextTask(vmid, message),
    failNextCreate: async () => {
      throw new Error('not used by the lifecycle contract');
    },
    failNextNodeTask: async (node, message) => pve.failNextNodeTask(node, message),
    holdTasks: async () => pve.setTaskDuration(3_600_000),
    releaseTasks: async () => pve.setTaskDuration(30),
    setAgentDelay: async (ms) => pve.setAgentDelay(ms),
    guestPasswordIs: async (vmid, user, password) => pve.guestPasswordIs(vmid, user, password),
    close: () => pve.close(),
  };
});

describe('proxmox driver: lifecycle', () => {
  let pve: FakePve;
  let driver: Driver;
  beforeAll(async () => {
    pve = await startFakePve();
    driver = driverFor(pve);
  });
  afterAll(async () => {
    await pve?.close();
  });

  it('writes the boot order with the VM’s own CD drive and boot disk, leaving out what it lacks and keeping its other devices', async () => {
    const vmid = pve.createVm({
      name: 'boot-devices',
      node: 'pve1',
      config: {
        scsi0: undefined as never,
        virtio0: 'ceph:vm-1-disk-0,size=10G',
        virtio1: 'ceph:vm-1-disk-1,size=4G',
        ide0: 'ceph:vm-1-cloudinit,media=cdrom',
        boot: 'order=virtio0;ide2;net0;virtio1',
      },
    });
    const from = pve.requests.length;
    await driver.setBootOrder(vmid, ['d', 'n', 'c']);
    const [put] = mutations(pve, from);
    expect(put).toMatchObject({
      method: 'PUT',
      path: `/api2/json/nodes/pve1/qemu/${vmid}/config`,
      params: { boot: 'order=ide2;net0;virtio0;virtio1', digest: expect.stringMatching(/^[0-9a-f]{40}$/) },
    });
    expect((await driver.config(vmid)).bootOrder).toEqual(['ide2', 'net0', 'virtio0', 'virtio1']);
    // Without a CD drive (only the cloud-init drive on ide2), d is left out rather than refused by Proxmox.
    const noCd = pve.createVm({ name: 'no-cd', node: 'pve2', config: { ide2: 'local-lvm:vm-2-cloudinit,media=cdrom' } });
    await driver.setBootOrder(noCd, ['d', 'c', 'n']);
    expect(pve.vmConfig(noCd)!.boot).toBe('order=scsi0;net0');
  });

  it('adds the EFI disk and the TPM on the boot disk’s storage through POST config, and frees them with delete and force', async () => {
    const vmid = pve.createVm({ name: 'efi-tpm', node: 'pve2', config: { scsi0: 'ceph:vm-9-disk-0,size=20G' } });
    const from = pve.requests.length;
    await done(driver, driver.setBios(vmid, 'ovmf'));
    await done(driver, driver.setTpm(vmid, true));
    expect(pve.vmConfig(vmid)).toMatchObject({
      bios: 'ovmf',
      efidisk0: expect.stringMatching(/^ceph:vm-\d+-disk-\d+,efitype=4m,pre-enrolled-keys=1,size=4M$/),
      tpmstate0: expect.stringMatching(/^ceph:vm-\d+-disk-\d+,size=4M,version=v2\.0$/),
    });
    expect(await driver.config(vmid)).toMatchObject({ bios: 'ovmf', tpm: true });
    await driver.setTpm(vmid, false);
    await driver.setBios(vmid, 'seabios');
    const cfg = pve.vmConfig(vmid)!;
    expect(cfg).toMatchObject({ bios: 'seabios' });
    expect(Object.keys(cfg).filter((k) => /^(efidisk0|tpmstate0|unused\d+)$/.test(k))).toEqual([]);
    expect(
      mutations(pve, from).map((r) => [r.method, r.path.replace(/.*\/qemu\/\d+/, ''), { ...r.params, digest: '-' }]),
    ).toEqual([
      ['POST', '/config', { bios: 'ovmf', efidisk0: 'ceph:1,efitype=4m,pre-enrolled-keys=1', digest: '-' }],
      ['POST', '/config', { tpmstate0: 'ceph:1,version=v2.0', digest: '-' }],
      ['PUT', '/config', { delete: 'tpmstate0', force: '1', digest: '-' }],
      ['PUT', '/config', { bios: 'seabios', delete: 'efidisk0', force: '1', digest: '-' }],
    ]);
  });

  it('keeps an EFI disk the VM has already when it switches to OVMF, and only asks what changes', async () => {
    const vmid = pve.createVm({
      name: 'efi-kept',
      node: 'pve1',
      config: { efidisk0: 'local-lvm:vm-5-disk-1,efitype=4m,size=4M' },
    });
    const from = pve.requests.length;
    expect(await driver.setBios(vmid, 'ovmf')).toBeNull();
    expect(await driver.setBios(vmid, 'ovmf')).toBeNull();
    expect(mutations(pve, from).map((r) => r.params)).toEqual([{ bios: 'ovmf', digest: expect.any(String) }]);
  });

  it('checks power and Proxmox’s lock before a firmware change, which Proxmox would only make pending', async () => {
    const vmid = pve.createVm({ name: 'bios-running', node: 'pve1', power: 'RUNNING' });
    const from = pve.requests.length;
    await expectRefusal(driver.setBios(vmid, 'ovmf'), 'INVALID_STATE', new RegExp(`^VM ${vmid} is running`));
    await expectRefusal(driver.setTpm(vmid, true), 'INVALID_STATE', /is running/);
    pve.setLock(vmid, 'migrate');
    await expectRefusal(driver.setBios(vmid, 'ovmf'), 'LOCKED', /^VM is locked \(migrate\)$/);
    pve.setLock(vmid, null);
    expect(mutations(pve, from)).toEqual([]);
    // Asked anyway, the fake refuses removing a protected VM's drive with Proxmox's words.
    const prot = pve.createVm({
      name: 'tpm-protected',
      node: 'pve1',
      protection: true,
      config: { tpmstate0: 'local-lvm:vm-7-disk-1,size=4M' },
    });
    const res = await fetch(`${pve.url}/api2/json/nodes/pve1/qemu/${prot}/config`, {
      method: 'PUT',
      headers: { Authorization: `PVEAPIToken=${pve.tokenId}=${pve.secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'delete=tpmstate0&force=1',
    });
    expect([res.status, res.statusText]).toEqual([500, "can't remove drive 'tpmstate0' - protection mode enabled"]);
  });

  it('sets a guest password through the agent endpoint, sending it only there and never echoing it', async () => {
    const vmid = pve.createVm({ name: 'agent-path', node: 'pve2', power: 'RUNNING', config: portalVm(undefined) });
    const secret = 'Pa55 word+/=&%';
    const from = pve.requests.length;
    await driver.setUserPassword(vmid, 'root', secret);
    const posts = mutations(pve, from);
    expect(posts.map((r) => [r.method, r.path, r.params])).toEqual([
      ['POST', `/api2/json/nodes/pve2/qemu/${vmid}/agent/set-user-password`, { username: 'root', password: secret }],
    ]);
    expect(pve.guestPasswordIs(vmid, 'root', secret)).toBe(true);
    // An error that quotes the password (a proxy, a guest's message) reaches the caller without it.
    pve.failNextRequest('POST', /set-user-password$/, 500, `cannot set user password: bad password '${secret}'`);
    const e = await driver.setUserPassword(vmid, 'root', secret).then(
      () => null,
      (err: unknown) => err as HypervisorError,
    );
    expect(e).toBeInstanceOf(HypervisorError);
    expect(e).toMatchObject({ code: 'BAD_PARAMETER', message: "cannot set user password: bad password '[password]'" });
  });

  it('maps the agent’s refusals: not configured, VM not running, agent not running', async () => {
    const noAgent = pve.createVm({ name: 'agent-off', node: 'pve1', power: 'RUNNING' });
    await expectRefusal(driver.setUserPassword(noAgent, 'root', 'secret-1'), 'INVALID_STATE', /^No QEMU guest agent configured$/);
    const stopped = pve.createVm({ name: 'agent-stopped', node: 'pve1', config: portalVm(undefined) });
    await expectRefusal(
      driver.setUserPassword(stopped, 'root', 'secret-1'),
      'INVALID_STATE',
      new RegExp(`^VM ${stopped} is not running$`),
    );
    const from = pve.requests.length;
    await expectRefusal(driver.setUserPassword(stopped, 'root', 'four'), 'BAD_PARAMETER', /at least 5 characters/);
    expect(mutations(pve, from)).toEqual([]);
  });

  it('sets cores on one socket and memory with PUT config', async () => {
    const vmid = pve.createVm({ name: 'hw', node: 'pve1', config: { sockets: 2, cores: 2 } });
    const from = pve.requests.length;
    await driver.setHardware(vmid, 6, 6144);
    expect(mutations(pve, from).map((r) => [r.method, r.params])).toEqual([
      ['PUT', { cores: '6', sockets: '1', memory: '6144' }],
    ]);
    expect(await driver.config(vmid)).toMatchObject({ cores: 6, memoryMb: 6144 });
  });

  it('resizes the boot disk to an absolute size, following a resize task or, on older PVE, answering null', async () => {
    const vmid = pve.createVm({
      name: 'resize-abs',
      node: 'pve1',
      config: { scsi0: undefined as never, virtio0: 'local-lvm:vm-3-disk-0,size=8G', boot: 'order=virtio0;ide2;net0' },
    });
    const from = pve.requests.length;
    const task = await driver.growDisk(vmid, 16);
    expect(task).toMatch(/:resize:/);
    await done(driver, Promise.resolve(task));
    expect(mutations(pve, from).map((r) => [r.method, r.path, { ...r.params, digest: '-' }])).toEqual([
      ['PUT', `/api2/json/nodes/pve1/qemu/${vmid}/resize`, { disk: 'virtio0', size: '16G', digest: '-' }],
    ]);
    expect((await driver.config(vmid)).diskGb).toBe(16);
    const old = await startFakePve({ syncResize: true });
    try {
      const d = driverFor(old);
      const v = old.createVm({ name: 'resize-sync', diskGb: 10 });
      expect(await d.growDisk(v, 11)).toBeNull();
      expect((await d.config(v)).diskGb).toBe(11);
    } finally {
      await old.close();
    }
  });

  it('clones fully with newid and name, follows a re-run through the copy, and holds the source’s config file meanwhile', async () => {
    const slow = await startFakePve({ taskDurationMs: 300 });
    try {
      const d = driverFor(slow);
      const vmid = slow.createVm({ name: 'clone-src', node: 'pve2', power: 'RUNNING', config: portalVm(undefined) });
      const from = slow.requests.length;
      const task = (await d.cloneVm(vmid, 4321, 'clone-dst'))!;
      expect(mutations(slow, from).map((r) => [r.method, r.path, r.params])).toEqual([
        ['POST', `/api2/json/nodes/pve2/qemu/${vmid}/clone`, { newid: '4321', name: 'clone-dst', full: '1' }],
      ]);
      expect(slow.vmConfig(4321)).toMatchObject({ lock: 'clone' });
      const again = await d.cloneVm(vmid, 4321, 'clone-dst');
      expect(again).toBe('portside-clone:4321:clone-dst');
      expect((await d.task(again!)).state).toBe('running');
      await expectRefusal(
        d.setBootOrder(vmid, ['d', 'c', 'n']),
        'LOCKED',
        new RegExp(`^can't lock file '/var/lock/qemu-server/lock-${vmid}\\.conf' - got timeout$`),
      );
      await expectRefusal(d.cloneVm(vmid, 4322, 'clone-two'), 'LOCKED', /can't lock file/);
      expect((await waitTask(d, task)).state).toBe('ok');
      expect((await waitTask(d, again!)).state).toBe('ok');
      const copy = slow.vmConfig(4321)!;
      expect(copy).toMatchObject({ name: 'clone-dst', agent: '1', scsi0: expect.stringMatching(/^local-lvm:vm-4321-disk-0,/) });
      expect(copy.net0).not.toBe(slow.vmConfig(vmid)!.net0);
      expect(await d.cloneVm(vmid, 4321, 'clone-dst')).toBeNull();
      await expectRefusal(d.cloneVm(vmid, 4321, 'clone-other'), 'BAD_PARAMETER', /^VM 4321 already exists on node 'pve2'$/);
    } finally {
      await slow.close();
    }
  });

  it('writes ipconfig0 and regenerates the cloud-init drive', async () => {
    const vmid = pve.createVm({ name: 'net-ci', node: 'pve1', config: portalVm(undefined) });
    const from = pve.requests.length;
    await driver.setNetwork(vmid, {
      ipv4: { address: '192.0.2.10', prefix: 24, gateway: '192.0.2.1' },
      ipv6: { address: '2001:db8:1::10', prefix: 64, gateway: '2001:db8:1::1' },
    });
    expect(mutations(pve, from).map((r) => [r.method, r.path, r.params])).toEqual([
      [
        'PUT',
        `/api2/json/nodes/pve1/qemu/${vmid}/config`,
        { ipconfig0: 'ip=192.0.2.10/24,gw=192.0.2.1,ip6=2001:db8:1::10/64,gw6=2001:db8:1::1' },
      ],
      ['PUT', `/api2/json/nodes/pve1/qemu/${vmid}/cloudinit`, {}],
    ]);
    expect(pve.cloudInitDrive(vmid)).toMatchObject({
      ipconfig0: 'ip=192.0.2.10/24,gw=192.0.2.1,ip6=2001:db8:1::10/64,gw6=2001:db8:1::1',
    });
  });

  it('reads ipconfig0 back into addresses: static ones only, an IPv6 address required', () => {
    const net = (ipconfig0: string) => interpretConfig({ scsi0: 'local:vm-1-disk-0,size=1G', ipconfig0 }).network;
    expect(net('ip=10.0.0.5/8,gw=10.0.0.1,ip6=fd00::5/48,gw6=fd00::1')).toEqual({
      ipv4: { address: '10.0.0.5', prefix: 8, gateway: '10.0.0.1' },
      ipv6: { address: 'fd00::5', prefix: 48, gateway: 'fd00::1' },
    });
    expect(net('ip6=fd00::5/64,gw6=fd00::1,ip=dhcp')).toEqual({
      ipv4: null,
      ipv6: { address: 'fd00::5', prefix: 64, gateway: 'fd00::1' },
    });
    expect(net('ip=dhcp')).toBeNull();
    expect(net('ip=10.0.0.5/24,gw=10.0.0.1')).toBeNull();
    expect(net('ip=10.0.0.5/24,gw=10.0.0.1,ip6=auto')).toBeNull();
    expect(net('ip6=fd00::5/129,gw6=fd00::1')).toBeNull();
    expect(interpretConfig({}).network).toBeNull();
  });
});
