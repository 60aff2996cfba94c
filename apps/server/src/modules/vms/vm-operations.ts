/**
 * The VmOperation job: carries out one queued operation through the VM's cluster driver.
 *
 * Durable and idempotent:
 * - The run first claims the operation (queued, or running with an expired lease — a crashed
 *   worker); a finished operation or one a live worker holds is skipped, so a job delivered twice
 *   does nothing twice.
 * - Every cluster task is recorded (step + UPID) before the run waits on it. A run taking over
 *   after a crash follows the recorded task instead of starting another; a step recorded as done is
 *   not repeated. Between the driver call and the record there is a short window: for start and stop
 *   the run first checks whether the VM is already in the wanted state, so even then the cluster
 *   is not asked twice (a reboot or reset caught in that window may run again).
 * - A state change that has not arrived 120000 ms (spec 2 §9) after the operation started fails
 *   it with a clear message. A refusal by the cluster fails it with the cluster's words. Other
 *   errors (cluster unreachable) release the lease and are retried by the queue with backoff.
 */
import { HypervisorError, type HypervisorDriver, type PowerAction } from '../../drivers/hypervisor/hypervisor.js';
import { JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import * as repo from './vms.repository.js';
import { kindOf, publishVmUpdate, textParamsOf } from './vm-events.js';
import { englishText, serverText, vmActionTextKey, type ServerText } from '@portside/contract/server-texts';
import { OperationFailed } from './operation-failed.js';
import { dataActionTimeoutMs, runDataAction, type DataFinish, type DataStepContext } from '../vm-data/vm-data-operations.js';
import { runLifecycleAction } from '../vm-lifecycle/vm-lifecycle-operations.js';
import { runNetworkAction } from '../network/firewall-push.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a worker's claim on an operation lasts without renewal. */
export function leaseMs(deps: Pick<JobDeps, 'vms'>): number {
  return Math.max(5_000, deps.vms.pollMs * 30);
}

export async function runVmOperation(deps: JobDeps, operationId: string): Promise<JobResult> {
  const lease = leaseMs(deps);
  const claimed = await deps.db.system((tx) => repo.claimOperation(tx, operationId, lease));
  if (!claimed) return { status: JobStatus.Skipped, detail: 'finished already or held by a live worker' };
  const op = claimed;
  const vm = await deps.db.system((tx) => repo.lockVm(tx, op.provisioned_id));
  if (!vm) {
    await deps.db.system((tx) => repo.finishOperation(tx, op.id, false, 'The server no longer exists'));
    return { status: JobStatus.Skipped, detail: 'server gone' };
  }
  const kind = kindOf(op.action);
  const timeoutMs = dataActionTimeoutMs(op.action, deps.vms.stateTimeoutMs);
  const deadline = (op.started_at ?? new Date()).getTime() + timeoutMs;
  let lastRenew = Date.now();
  let step = op.step;
  let task = op.driver_task;

  let driver: HypervisorDriver;
  try {
    driver = await deps.hypervisors.forCluster(vm.cluster_id);
  } catch (e) {
    return release(deps, op.id, e);
  }

  /** Waits for a cluster task, keeping the lease; throws OperationFailed on error or time-out. */
  async function waitFor(upid: string): Promise<void> {
    for (;;) {
      const t = await driver.task(upid);
      if (t.state === 'ok') return;
      if (t.state === 'error')
        throw new OperationFailed(
          t.message ? serverText('terminal:ops.failed.cluster', { reason: t.message }) : serverText('terminal:ops.failed.task'),
        );
      if (Date.now() > deadline) {
        throw new OperationFailed(serverText('terminal:ops.failed.timeout', { ms: timeoutMs }));
      }
      if (Date.now() - lastRenew > lease / 3) {
        await deps.db.system((tx) => repo.renewLease(tx, op.id, lease));
        lastRenew = Date.now();
      }
      await sleep(deps.vms.pollMs);
    }
  }

  /** Step `n` of the operation: starts its cluster task unless recorded, then waits for it. */
  async function taskStep(n: number, start: () => Promise<string | null>): Promise<void> {
    if (step > n) return;
    if (!task) {
      task = await start();
      if (task) await deps.db.system((tx) => repo.setDriverTask(tx, op.id, n, task));
    }
    if (task) await waitFor(task);
    step = n + 1;
    task = null;
    await deps.db.system((tx) => repo.setDriverTask(tx, op.id, step, null));
  }

  /** A power step; start and stop are skipped when the VM is in the wanted state already. */
  const powerStep = (n: number, action: PowerAction) =>
    taskStep(n, async () => {
      if (action === 'start' || action === 'stop') {
        const s = await driver.status(vm.vmid);
        if ((action === 'start' && s.power === 'RUNNING') || (action === 'stop' && s.power === 'STOPPED')) return null;
      }
      return driver.power(vm.vmid, action);
    });

  let finish: DataFinish | null = null;
  try {
    // (An IPv4 assignment says its running line once it has its address.)
    if (op.action !== 'assign-ipv4')
      await deps.db.system((tx) =>
        publishVmUpdate(tx, vm, kind, {
          status: 'running',
          power_status: vm.power_status,
          state: vm.power_status,
          text: serverText(vmActionTextKey(op.action, 'running'), textParamsOf(op.params)),
          stage: `running-${op.action}`,
        }),
      );
    switch (op.action) {
      case 'start':
      case 'stop':
      case 'reboot':
      case 'reset':
        await powerStep(0, op.action);
        break;
      case 'power-cycle':
        await powerStep(0, 'stop');
        await powerStep(1, 'start');
        break;
      case 'lock':
      case 'unlock':
        await taskStep(0, async () => {
          await driver.lock(vm.vmid, op.action === 'lock');
          return null;
        });
        break;
      case 'rename':
        await taskStep(0, async () => {
          await driver.rename(vm.vmid, String(op.params.name));
          return null;
        });
        break;
      case 'delete':
        await taskStep(0, () => driver.delete(vm.vmid));
        break;
      default: {
        const steps: DataStepContext = {
          deps,
          driver,
          vm,
          op,
          taskStep,
          powerStep,
          say: (text) =>
            deps.db.system((tx) =>
              publishVmUpdate(tx, vm, kind, {
                status: 'running',
                power_status: vm.power_status,
                state: vm.power_status,
                text,
                stage: `running-${op.action}`,
              }),
            ),
        };
        finish = (await runNetworkAction(steps)) ?? (await runLifecycleAction(steps)) ?? (await runDataAction(steps));
      }
    }
  } catch (e) {
    if (e instanceof OperationFailed) return fail(deps, driver, vm, op, e.text);
    if (e instanceof HypervisorError || isPermanent(e))
      return fail(deps, driver, vm, op, serverText('terminal:ops.failed.cluster', { reason: (e as Error).message }));
    return release(deps, op.id, e);
  }

  // Done: what the cluster now says, the operation closed, and the news — in one transaction.
  const after = op.action === 'delete' ? null : await driver.status(vm.vmid).catch(() => null);
  await deps.db.system(async (tx) => {
    if (op.action === 'delete') await repo.updateVm(tx, vm.provisioned_id, { state: 'deleted' });
    else {
      await repo.updateVm(tx, vm.provisioned_id, {
        power_status: after ? after.power : 'UNKNOWN',
        locked: after ? (after.locked ? 'on' : 'off') : 'unknown',
        ...(op.action === 'rename' ? { name: String(op.params.name) } : {}),
        seen: after !== null,
      });
    }
    const data = finish ? await finish(tx) : null;
    const done = data?.text ?? serverText(vmActionTextKey(op.action, 'done'));
    await repo.finishOperation(tx, op.id, true, englishText(done));
    const power = op.action === 'delete' ? 'STOPPED' : after ? after.power : 'UNKNOWN';
    const label = op.action === 'rename' ? { ...vm, name: String(op.params.name) } : vm;
    await publishVmUpdate(tx, label, kind, {
      status: 'ok',
      power_status: power,
      state: op.action === 'delete' ? 'DELETED' : (data?.state ?? power),
      text: done,
      stage: `post-${op.action}`,
    });
  });
  return { status: JobStatus.Success, detail: `${op.action} ${vm.provisioned_id}` };
}

/**
 * Fails the operation for good, with the VM's state as the cluster reports it. The operation keeps
 * the cluster's own words when it gave some, else the English text; the browser gets the text.
 */
async function fail(
  deps: JobDeps,
  driver: HypervisorDriver,
  vm: repo.VmRecord,
  op: repo.OperationRecord,
  text: ServerText,
): Promise<JobResult> {
  const reason = text.params.reason;
  const message = typeof reason === 'string' ? reason : englishText(text);
  const now = await driver.status(vm.vmid).catch(() => null);
  await deps.db.system(async (tx) => {
    await repo.updateVm(tx, vm.provisioned_id, {
      power_status: now ? now.power : 'UNKNOWN',
      ...(now ? { locked: now.locked ? ('on' as const) : ('off' as const), seen: true } : {}),
    });
    await repo.finishOperation(tx, op.id, false, message);
    const power = now ? now.power : 'UNKNOWN';
    await publishVmUpdate(tx, vm, kindOf(op.action), {
      status: 'error',
      power_status: power,
      state: power,
      text,
      stage: `failed-${op.action}`,
    });
  });
  return { status: JobStatus.Success, detail: `${op.action} ${vm.provisioned_id} failed: ${message}` };
}

/** A driver error that says retrying cannot help (e.g. the proxmox driver's refused API token). */
function isPermanent(e: unknown): boolean {
  return e instanceof Error && (e as { transient?: unknown }).transient === false;
}

/** A passing trouble (cluster unreachable): give the operation back and let the queue retry. */
async function release(deps: JobDeps, id: string, e: unknown): Promise<JobResult> {
  await deps.db.system((tx) => repo.releaseOperation(tx, id)).catch(() => {});
  return { status: JobStatus.Failed, detail: e instanceof Error ? e.message : String(e) };
}
