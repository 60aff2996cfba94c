import { TEST_KEYS } from '@portside/contract/rules/ssh-key.fixtures';
import { expect, it } from 'vitest';
import type { CreateVmSpec, HypervisorDriver } from '../src/drivers/hypervisor/hypervisor.js';
import type { ContractCluster } from './hypervisor-contract.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';

/** Keys with '+', '/', '=' and spaces in them, as real keys have. */
export const CREATE_KEYS = [TEST_KEYS.ed25519.line, TEST_KEYS.ecdsa256.line, TEST_KEYS.rsa2048.line];
/** A first-user password with characters that need encoding. */
export const CREATE_PASSWORD = 'Corr3ct horse+battery/staple=%';

/** A spec of a small Debian VM, with `over` on top. */
export function createSpec(over: Partial<CreateVmSpec> = {}): CreateVmSpec {
  return {
    name: 'made.example',
    image: 'debian-12',
    cores: 2,
    memoryMb: 2048,
    diskGb: 12,
    sshKeys: CREATE_KEYS,
    rootPassword: CREATE_PASSWORD,
    ...over,
  };
}

/** Runs the three steps of a creation (create, finishCreate, start), each task to its end, and answers the vmid. */
export async function provision(d: HypervisorDriver, spec: CreateVmSpec): Promise<number> {
  const started = await d.create(spec);
  if (started.taskId) expect((await waitTask(d, started.taskId)).state).toBe('ok');
  const resize = await d.finishCreate(started.vmid, spec);
  if (resize) expect((await waitTask(d, resize)).state).toBe('ok');
  expect((await waitTask(d, await d.power(started.vmid, 'start'))).state).toBe('ok');
  return started.vmid;
}

/**
 * The contract's cases for creating VMs (nextVmid, create, finishCreate); `cluster()` answers the
 * suite's cluster once its beforeAll has run. The cluster offers at least debian-12 on every node.
 */
export function createContract(cluster: () => ContractCluster): void {
  const d = () => cluster().driver;
  const firstNode = async () => (await d().inventory()).nodes.find((n) => n.online)!.name;

  it('reserves a vmid no VM holds', async () => {
    const vmid = await d().nextVmid();
    expect(Number.isInteger(vmid) && vmid >= 100).toBe(true);
    expect((await d().inventory()).vms.some((v) => v.vmid === vmid)).toBe(false);
    await expectRefusal(d().status(vmid), 'NOT_FOUND', /./);
  });

  it('creates a VM in three steps: a clone task, hardware and first-boot data with a resize task, then start', async () => {
    const node = await firstNode();
    const vmid = await d().nextVmid();
    const spec = createSpec({ vmid, node, name: 'made-one.example' });
    const started = await d().create(spec);
    expect(started).toEqual({ vmid, node, taskId: expect.stringMatching(/^UPID:/) });
    expect(await waitTask(d(), started.taskId!)).toEqual({ id: started.taskId, state: 'ok', message: null });
    expect(await d().status(vmid)).toMatchObject({ vmid, power: 'STOPPED', locked: false });

    const resize = await d().finishCreate(vmid, spec);
    expect(resize).toMatch(/^UPID:/);
    expect((await waitTask(d(), resize!)).state).toBe('ok');
    expect(await d().config(vmid)).toMatchObject({ cores: 2, memoryMb: 2048, diskGb: 12 });

    expect((await waitTask(d(), await d().power(vmid, 'start'))).state).toBe('ok');
    expect((await d().status(vmid)).power).toBe('RUNNING');
    expect((await d().inventory()).vms.find((v) => v.vmid === vmid)).toMatchObject({
      name: 'made-one.example',
      node,
      power: 'RUNNING',
      locked: false,
    });
  });

  it('repeats every step of a creation safely, as a job re-run after a crash does', async () => {
    const spec = createSpec({ vmid: await d().nextVmid(), node: await firstNode(), name: 'rerun.example' });
    const vmid = await provision(d(), spec);
    expect(await d().create(spec)).toEqual({ vmid, node: spec.node, taskId: null });
    expect(await d().finishCreate(vmid, spec)).toBeNull(); // the disk has its size already
    expect(await d().config(vmid)).toMatchObject({ cores: 2, memoryMb: 2048, diskGb: 12 });
    expect((await d().inventory()).vms.filter((v) => v.name === 'rerun.example')).toHaveLength(1);
    await expectRefusal(d().finishCreate(vmid, { ...spec, diskGb: 8 }), 'BAD_PARAMETER', /^shrinking disks is not supported$/);
  });

  it('refuses a vmid held by a VM of another name and leaves that VM alone', async () => {
    const other = await cluster().createVm({ name: 'someone-else' });
    await expectRefusal(
      d().create(createSpec({ vmid: other, name: 'mine' })),
      'BAD_PARAMETER',
      new RegExp(`^VM ${other} already exists on node '`),
    );
    await expectRefusal(d().finishCreate(other, createSpec({ name: 'mine' })), 'BAD_PARAMETER', /is not named 'mine'/);
    expect((await d().inventory()).vms.find((v) => v.vmid === other)).toMatchObject({ name: 'someone-else', power: 'STOPPED' });
    expect((await d().config(other)).cores).toBe(1);
  });

  it('puts a VM on the online node with the fewest VMs when no node is asked', async () => {
    const before = await d().inventory();
    const count = (n: string) => before.vms.filter((v) => v.node === n).length;
    const online = before.nodes.filter((n) => n.online).map((n) => n.name);
    const fewest = Math.min(...online.map(count));
    const started = await d().create(createSpec({ name: 'placed.example' }));
    expect(online.filter((n) => count(n) === fewest)).toContain(started.node);
    expect(started.vmid).toBeGreaterThanOrEqual(100);
    expect((await waitTask(d(), started.taskId!)).state).toBe('ok');
    expect((await d().inventory()).vms.find((v) => v.vmid === started.vmid)).toMatchObject({
      node: started.node,
      name: 'placed.example',
    });
  });

  it('ends a creation whose task fails with the message, leaves no VM, and lets the vmid be tried again', async () => {
    const node = await firstNode();
    const spec = createSpec({ vmid: await d().nextVmid(), node, name: 'doomed.example' });
    await cluster().failNextCreate(node, 'clone failed: storage pool full');
    const started = await d().create(spec);
    expect(await waitTask(d(), started.taskId!)).toMatchObject({ state: 'error', message: 'clone failed: storage pool full' });
    await expectRefusal(d().status(spec.vmid!), 'NOT_FOUND', /./);
    expect((await d().inventory()).vms.some((v) => v.name === 'doomed.example')).toBe(false);
    expect((await waitTask(d(), (await d().create(spec)).taskId!)).state).toBe('ok');
  });

  it('refuses a bad spec naming every bad field, never the password, and creates nothing', async () => {
    const count = (await d().inventory()).vms.length;
    const e = await d()
      .create({
        name: 'bad_name',
        image: 'beos-5',
        cores: 0,
        memoryMb: 8,
        diskGb: 5000,
        sshKeys: ['ssh-ed25519 not-base64!'],
        rootPassword: 'sec\nret-Pa55',
        bios: 'uefi' as never,
      })
      .catch((err: Error) => err);
    expect(e).toMatchObject({ name: 'HypervisorError', code: 'BAD_PARAMETER' });
    for (const field of ['name:', 'image:', 'cores:', 'memory:', 'disk:', 'sshkeys:', 'password:', 'bios:'])
      expect((e as Error).message).toContain(field);
    expect((e as Error).message).not.toContain('ret-Pa55');
    await expectRefusal(
      d().create(createSpec({ diskGb: 3 })),
      'BAD_PARAMETER',
      /^disk: 3 GB is less than the 4 GB image debian-12 needs$/,
    );
    await expectRefusal(
      d().create(createSpec({ image: 'windows-2022', diskGb: 60, rootPassword: undefined })),
      'BAD_PARAMETER',
      /password: image windows-2022 needs a password/,
    );
    await expectRefusal(d().create(createSpec({ node: 'no-such-node' })), 'NOT_FOUND', /no such cluster node 'no-such-node'/);
    expect((await d().inventory()).vms).toHaveLength(count);
  });
}
