/**
 * The services.end job (daily, shortly after midnight UTC): services at the end of their last day.
 *
 * 1. A free trial whose last day (trial_until, the month's end) has passed without a cancellation
 *    by then is kept: 'trial-kept' is recorded once, and billing charges it from the first of the
 *    next month.
 * 2. A service whose end date has passed has ended: 'ended' is recorded once — 'trial-removed' for
 *    a trial cancelled by its last day, which is never charged.
 * 3. The VM of an ended cloud server is removed through the VM operation path of modules/vms
 *    (requestAction: a vm_operations row, then the VmOperation job), asked by the system: the VM is
 *    unlocked if locked, stopped if running, then deleted — each step one operation, run to its end
 *    in this worker before the next is asked. A VM that cannot go now (an operation of its own in
 *    progress, contact lost, a failed step) is left for the next run; a deleted VM is never asked
 *    again, so a re-run deletes nothing twice.
 * Each step is written to the account's log (MyLogs) with no user as the actor.
 */
import type { VmAction } from '@portside/contract/schemas/vms';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { JobName, JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import { writeAudit } from '../audit/audit.repository.js';
import { runVmOperation } from '../vms/vm-operations.js';
import { findVm, type VmRecord } from '../vms/vms.repository.js';
import { requestAction, type ActionRequester } from '../vms/vms.service.js';
import * as repo from './services-end.repository.js';

/** Most servers one run removes; the rest follow on the next run. */
const VMS_PER_RUN = 200;

/** The next step of removing `vm`, or null when it has to wait (a state in between, a delete under way). */
export function nextRemovalStep(
  vm: Pick<VmRecord, 'state' | 'locked' | 'power_status'>,
): Extract<VmAction, 'unlock' | 'stop' | 'delete'> | null {
  if (vm.state !== 'active') return null;
  if (vm.locked !== 'off') return 'unlock';
  if (vm.power_status === 'RUNNING') return 'stop';
  if (vm.power_status === 'STOPPED') return 'delete';
  return null;
}

/** The log's name of each removal step: the calls a user would have made. */
const STEP_AUDIT = { unlock: 'VmLock', stop: 'VmStop', delete: 'VmDelete' } as const;

const AUDIT_ACTIONS = {
  'trial-kept': 'ServiceTrialKept',
  ended: 'ServiceEnded',
  'trial-removed': 'ServiceTrialRemoved',
} as const;

const systemAudit = (tx: Tx, clientId: string, action: string, target: string, ok = true) =>
  writeAudit(tx, { clientId, userId: null, email: null, action, target, result: ok ? 'ok' : 'error', ip: null });

/** Removes the VM of an ended service; answers 'deleted', or why it waits for the next run. */
async function removeVm(deps: JobDeps, s: { client_id: string; equipment_id: number; provisioned_id: number }): Promise<string> {
  const system: ActionRequester = { tenant: (fn) => deps.db.system(fn), principal: { userId: null } };
  // The operation runs here, to its end, so the next step sees its result.
  const inline = {
    jobs: {
      send: async (name: JobName, data: unknown) => {
        if (name === JobName.VmOperation) await runVmOperation(deps, (data as { operationId: string }).operationId);
        return null;
      },
    },
  };
  for (let i = 0; i < 4; i++) {
    const vm = await deps.db.system((tx) => findVm(tx, s.provisioned_id));
    if (!vm) return 'deleted';
    const step = nextRemovalStep(vm);
    if (!step) return `waiting: ${vm.state} ${vm.power_status}`;
    try {
      await requestAction(inline, system, s.provisioned_id, step);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      await deps.db.system((tx) => systemAudit(tx, s.client_id, STEP_AUDIT[step], String(s.provisioned_id), false));
      return `refused: ${e.code}`;
    }
    await deps.db.system((tx) => systemAudit(tx, s.client_id, STEP_AUDIT[step], String(s.provisioned_id)));
  }
  return 'waiting: too many steps';
}

export interface ServicesEndSummary {
  trialsKept: number;
  ended: number;
  trialsRemoved: number;
  vmsDeleted: number;
  /** Servers left for the next run, with the reason. */
  vmsWaiting: string[];
}

/** One run of the job (see the file's comment). */
export async function endServices(deps: JobDeps): Promise<ServicesEndSummary> {
  const events = await deps.db.system(async (tx) => {
    const all = [...(await repo.recordTrialsKept(tx)), ...(await repo.recordEnded(tx))];
    for (const e of all) await systemAudit(tx, e.client_id, AUDIT_ACTIONS[e.change_type], String(e.equipment_id));
    return all;
  });
  const out: ServicesEndSummary = {
    trialsKept: events.filter((e) => e.change_type === 'trial-kept').length,
    ended: events.filter((e) => e.change_type === 'ended').length,
    trialsRemoved: events.filter((e) => e.change_type === 'trial-removed').length,
    vmsDeleted: 0,
    vmsWaiting: [],
  };
  for (const s of await deps.db.system((tx) => repo.endedServerVms(tx, VMS_PER_RUN))) {
    const result = await removeVm(deps, s);
    if (result === 'deleted') out.vmsDeleted++;
    else out.vmsWaiting.push(`${s.provisioned_id} ${result}`);
  }
  return out;
}

/** The job's handler: Skipped when nothing was due, Failed (retried) when a server could not go yet. */
export async function runServicesEnd(deps: JobDeps): Promise<JobResult> {
  const r = await endServices(deps);
  const detail =
    `${r.trialsKept} trials kept, ${r.trialsRemoved} trials removed, ${r.ended} ended, ${r.vmsDeleted} servers deleted` +
    (r.vmsWaiting.length ? `; waiting: ${r.vmsWaiting.join(', ')}` : '');
  if (r.vmsWaiting.length) return { status: JobStatus.Failed, detail };
  if (r.trialsKept + r.trialsRemoved + r.ended + r.vmsDeleted === 0) return { status: JobStatus.Skipped, detail: 'nothing due' };
  return { status: JobStatus.Success, detail };
}
