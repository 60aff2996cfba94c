import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HypervisorError,
  METRICS_RANGES,
  type HypervisorDriver,
  type HypervisorErrorCode,
  type TaskStatus,
} from '../src/drivers/hypervisor/hypervisor.js';
import { createContract } from './hypervisor-contract-create.js';
import { dataContract } from './hypervisor-contract-data.js';

/**
 * What a driver under the contract suite needs around it: the driver, and the set-up handles a
 * test has on its cluster (the simulator's own API, or a fake PVE server's state for `proxmox`).
 */
export interface ContractCluster {
  driver: HypervisorDriver;
  /** Creates a VM on the cluster and answers its vmid. */
  createVm(spec: {
    name: string;
    power?: 'RUNNING' | 'STOPPED';
    locked?: boolean;
    cores?: number;
    memoryMb?: number;
    diskGb?: number;
  }): Promise<number>;
  /** Makes the next task started on this VM fail with `message`. */
  failNextTask(vmid: number, message: string): Promise<void>;
  /** Makes the next task of the node itself (an ISO upload or removal) fail with `message`. */
  failNextNodeTask(node: string, message: string): Promise<void>;
  /** Tasks started from now on keep running until {@link releaseTasks} (to watch a task's lock). */
  holdTasks(): Promise<void>;
  /** Ends the held tasks now and lets new ones run their usual (short) time again. */
  releaseTasks(): Promise<void>;
  /** Makes the next creation of a debian-12 VM on `node` fail with `message` (its create task ends in error). */
  failNextCreate(node: string, message: string): Promise<void>;
  /** Frees whatever the cluster holds (databases, servers). */
  close(): Promise<void>;
}

/** Polls a task until it is no longer running (task durations may be non-zero). */
export async function waitTask(driver: HypervisorDriver, id: string, timeoutMs = 10_000): Promise<TaskStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const t = await driver.task(id);
    if (t.state !== 'running') return t;
    if (Date.now() > until) throw new Error(`task ${id} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Expects `p` to reject with a HypervisorError of `code` whose message matches `text`. */
export async function expectRefusal(p: Promise<unknown>, code: HypervisorErrorCode, text: RegExp): Promise<void> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e, 'expected a refusal').toBeInstanceOf(HypervisorError);
  expect((e as HypervisorError).code).toBe(code);
  expect((e as HypervisorError).message).toMatch(text);
}

/**
 * The hypervisor driver contract: every implementation (simulator, proxmox against its fake PVE
 * server) runs this same suite. `makeCluster` is called once for the suite. The cluster has at
 * least two online nodes and offers the debian-12 image on each.
 */
export function hypervisorContract(label: string, makeCluster: () => Promise<ContractCluster>): void {
  describe(`hypervisor driver contract: ${label}`, () => {
    let cl: ContractCluster;
    let d: HypervisorDriver;
    beforeAll(async () => {
      cl = await makeCluster();
      d = cl.driver;
    });
    afterAll(async () => {
      await cl?.close();
    });

    it('lists nodes and VMs in the inventory', async () => {
      const vmid = await cl.createVm({ name: 'inv-one' });
      const inv = await d.inventory();
      expect(inv.nodes.length).toBeGreaterThan(0);
      const vm = inv.vms.find((v) => v.vmid === vmid);
      expect(vm).toMatchObject({ vmid, name: 'inv-one', power: 'STOPPED', locked: false });
      expect(inv.nodes.map((n) => n.name)).toContain(vm!.node);
    });

    it('starts and stops a VM through tasks, with uptime while it runs', async () => {
      const vmid = await cl.createVm({ name: 'power-trip' });
      const start = await d.power(vmid, 'start');
      expect(start).toMatch(/^UPID:/);
      expect(await waitTask(d, start)).toEqual({ id: start, state: 'ok', message: null });
      const running = await d.status(vmid);
      expect(running).toMatchObject({ vmid, power: 'RUNNING', locked: false });
      expect(running.uptimeSeconds).toBeGreaterThanOrEqual(0);

      expect((await waitTask(d, await d.power(vmid, 'reboot'))).state).toBe('ok');
      expect((await d.status(vmid)).power).toBe('RUNNING');

      expect((await waitTask(d, await d.power(vmid, 'stop'))).state).toBe('ok');
      expect(await d.status(vmid)).toMatchObject({ power: 'STOPPED', uptimeSeconds: 0 });
    });

    it('refuses power operations that do not fit the power state', async () => {
      const vmid = await cl.createVm({ name: 'state-rules' });
      await expectRefusal(d.power(vmid, 'reboot'), 'INVALID_STATE', /not running/);
      await expectRefusal(d.power(vmid, 'reset'), 'INVALID_STATE', /not running/);
      await waitTask(d, await d.power(vmid, 'start'));
      await expectRefusal(d.power(vmid, 'start'), 'INVALID_STATE', /already running/);
    });

    it('refuses stop, shutdown, reset, reboot and delete on a locked VM, allows start, and unlocks', async () => {
      const vmid = await cl.createVm({ name: 'locked-one', power: 'RUNNING' });
      await d.lock(vmid, true);
      await d.lock(vmid, true); // idempotent
      expect((await d.status(vmid)).locked).toBe(true);
      for (const action of ['stop', 'shutdown', 'reset', 'reboot'] as const) {
        await expectRefusal(d.power(vmid, action), 'LOCKED', /VM is locked/);
      }
      expect((await d.status(vmid)).power).toBe('RUNNING');

      const stopped = await cl.createVm({ name: 'locked-two', locked: true });
      await expectRefusal(d.delete(stopped), 'LOCKED', /VM is locked/);
      expect((await waitTask(d, await d.power(stopped, 'start'))).state).toBe('ok');

      await d.lock(vmid, false);
      expect((await d.status(vmid)).locked).toBe(false);
      expect((await waitTask(d, await d.power(vmid, 'stop'))).state).toBe('ok');
    });

    it('reports an injected failure as the task error and changes nothing', async () => {
      const vmid = await cl.createVm({ name: 'fails-once' });
      await cl.failNextTask(vmid, 'start failed: QEMU exited with code 1');
      const failed = await waitTask(d, await d.power(vmid, 'start'));
      expect(failed).toMatchObject({ state: 'error', message: 'start failed: QEMU exited with code 1' });
      expect((await d.status(vmid)).power).toBe('STOPPED');
      // Only the next task fails.
      expect((await waitTask(d, await d.power(vmid, 'start'))).state).toBe('ok');
      expect((await d.status(vmid)).power).toBe('RUNNING');
    });

    it('renames a VM and refuses names that are not DNS names', async () => {
      const vmid = await cl.createVm({ name: 'old-name' });
      await d.rename(vmid, 'new-name.example');
      expect((await d.inventory()).vms.find((v) => v.vmid === vmid)?.name).toBe('new-name.example');
      for (const bad of ['', 'has space', '-lead', 'under_score', 'x'.repeat(254)]) {
        await expectRefusal(d.rename(vmid, bad), 'BAD_PARAMETER', /valid DNS name/);
      }
      expect((await d.inventory()).vms.find((v) => v.vmid === vmid)?.name).toBe('new-name.example');
    });

    it('deletes only a stopped, unlocked VM', async () => {
      const vmid = await cl.createVm({ name: 'to-delete', power: 'RUNNING' });
      await expectRefusal(d.delete(vmid), 'INVALID_STATE', /running/);
      await waitTask(d, await d.power(vmid, 'stop'));
      const t = await waitTask(d, await d.delete(vmid));
      expect(t.state).toBe('ok');
      expect((await d.inventory()).vms.some((v) => v.vmid === vmid)).toBe(false);
      await expectRefusal(d.status(vmid), 'NOT_FOUND', /does not exist/);
    });

    it('keeps a VM whose delete task fails', async () => {
      const vmid = await cl.createVm({ name: 'delete-fails' });
      await cl.failNextTask(vmid, 'storage busy');
      expect(await waitTask(d, await d.delete(vmid))).toMatchObject({ state: 'error', message: 'storage busy' });
      expect((await d.status(vmid)).power).toBe('STOPPED');
    });

    it('answers NOT_FOUND for unknown VMs and tasks', async () => {
      await expectRefusal(d.status(999_999_000), 'NOT_FOUND', /./);
      await expectRefusal(d.power(999_999_000, 'start'), 'NOT_FOUND', /./);
      await expectRefusal(d.task('UPID:nowhere:00000001:00000001:00000001:qmstart:1:root@pam:'), 'NOT_FOUND', /./);
    });

    it('reads the configuration', async () => {
      const vmid = await cl.createVm({ name: 'configured', cores: 4, memoryMb: 8192 });
      const c = await d.config(vmid);
      expect(c).toMatchObject({ cores: 4, memoryMb: 8192 });
      expect(c.diskGb).toBeGreaterThan(0);
      expect(c.bootOrder.length).toBeGreaterThan(0);
      expect(['seabios', 'ovmf']).toContain(c.bios);
    });

    it('opens a console: a text console, or a vnc target on the VM\u2019s node whose socket speaks RFB', async () => {
      const vmid = await cl.createVm({ name: 'console-me', power: 'RUNNING' });
      const target = await d.console(vmid);
      if (target.kind === 'text') {
        expect(target).toEqual({ kind: 'text' });
      } else {
        const node = (await d.inventory()).vms.find((v) => v.vmid === vmid)!.node;
        expect(target).toMatchObject({ kind: 'vnc', node, port: expect.any(Number), ticket: expect.any(String) });
        expect(target.ticket.length).toBeGreaterThan(0);
        expect(d.openVnc, 'a driver with vnc consoles opens their sockets').toBeTypeOf('function');
        const ws = await d.openVnc!(vmid, target);
        const banner = new Promise<string>((resolve) => ws.once('message', (m: Buffer) => resolve(m.toString('latin1'))));
        ws.resume();
        expect(await banner).toMatch(/^RFB 003\.00\d\n$/);
        ws.close();
      }
      await expectRefusal(d.console(999_999_000), 'NOT_FOUND', /./);
    });

    createContract(() => cl);

    dataContract(() => cl);

    it('gives each metrics range its point count, evenly spaced, with plausible values', async () => {
      const vmid = await cl.createVm({ name: 'graphs', memoryMb: 2048, power: 'RUNNING' });
      for (const range of ['1h', '1d', '1w', '1m'] as const) {
        const { points, stepSeconds } = METRICS_RANGES[range];
        const m = await d.metrics(vmid, range);
        expect(m).toHaveLength(points);
        for (let i = 1; i < m.length; i++) expect(m[i]!.time - m[i - 1]!.time).toBe(stepSeconds);
        for (const p of m) {
          expect(p.cpu).toBeGreaterThanOrEqual(0);
          expect(p.cpu).toBeLessThanOrEqual(1);
          expect(p.memBytes).toBeGreaterThanOrEqual(0);
          expect(p.memBytes).toBeLessThanOrEqual(p.maxMemBytes);
          for (const v of [p.netInBps, p.netOutBps, p.diskReadBps, p.diskWriteBps]) expect(v).toBeGreaterThanOrEqual(0);
        }
      }
    });
  });
}
