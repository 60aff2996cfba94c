/**
 * Power functions of dedicated servers (issue 17; ServerPowerAction): the call validates and
 * records the function (one in flight per server), the DedicatedPower job sends it to the BMC and
 * follows the power state until the function's end state, telling the account on hub 'dedicated'.
 *
 * Never twice against the BMC: only the run that moves the job from queued to running sends the
 * reset. A run that finds its job running already (its worker died after the claim) does not send
 * it again; it follows the state to the end, or fails the job as interrupted.
 */
import {
  DEDICATED_POWER_ACTIONS,
  type BmcPowerState,
  type DedicatedPowerAction,
  type ServerPowerActionBody,
} from '@portside/contract/schemas/dedicated';
import type { DedicatedLiveMessage } from '@portside/contract/hubs';
import type { UserCtx } from '../../routes/handler-context.js';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { JobName, JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import { publishHubMessage } from '../../hubs/publish.js';
import { BaremetalError, type BaremetalDriver } from '../../drivers/baremetal/baremetal.js';
import * as jobsRepo from './dedicated-jobs.repository.js';
import * as repo from './dedicated.repository.js';
import { ownServer } from './dedicated.service.js';

/** Tells the server's account (inside `tx`: sent at its commit). */
export async function publishDedicated(tx: Tx, clientId: string | null, m: Omit<DedicatedLiveMessage, 'message'>): Promise<void> {
  if (!clientId) return;
  const message = m.event === 'job' ? `${m.action ?? ''} ${m.status ?? ''}`.trim() : `power ${m.power_state}`;
  await publishHubMessage(tx, { clientId, kind: 'dedicated', payload: { ...m, message } });
}

/** ServerPowerAction: one of the functions the server's BMC advertises, queued as a job. */
export async function serverPowerAction(u: UserCtx, b: ServerPowerActionBody): Promise<{ success: true }> {
  const id = await u.tenant(async (tx) => {
    const s = await ownServer(tx, b.p_serial);
    if (s.bmc_id === null) throw new AppError('BMC_UNAVAILABLE', { details: 'no management controller registered' });
    if (!s.reset_types.includes(DEDICATED_POWER_ACTIONS[b.p_action]))
      throw new AppError('POWER_ACTION_UNSUPPORTED', { details: `p_action: ${b.p_action}` });
    const jobId = await repo.insertPowerJob(tx, b.p_serial, s.client_id, b.p_action);
    if (!jobId) throw new AppError('POWER_ACTION_RUNNING');
    await publishDedicated(tx, s.client_id, {
      serial: b.p_serial,
      event: 'job',
      power_state: s.power_state,
      action: b.p_action,
      status: 'queued',
    });
    return jobId;
  });
  // A lost send is found by the sync's sweep (strandedPowerJobs) and sent again.
  await u.jobs.send(JobName.DedicatedPower, { jobId: id }).catch((e: unknown) => u.log.warn({ err: e }, 'power job not sent'));
  return { success: true };
}

/**
 * Whether `state` ends `action`. Restarts end once the server is On again after leaving On; some
 * BMCs report On all through a restart, so On also ends it once `settled` (a few seconds passed).
 */
function reached(action: DedicatedPowerAction, state: BmcPowerState, leftOn: boolean, settled: boolean): boolean {
  if (action === 'on') return state === 'On';
  if (action === 'graceful-shutdown' || action === 'force-off') return state === 'Off';
  return state === 'On' && (leftOn || settled);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The DedicatedPower job: sends the function (once) and follows the server to its end state. */
export async function runDedicatedPower(deps: JobDeps, jobId: string): Promise<JobResult> {
  const job = await deps.db.system((tx) => jobsRepo.findPowerJob(tx, jobId));
  if (!job) return { status: JobStatus.Skipped, detail: `power job ${jobId}: gone` };
  if (job.status === 'done' || job.status === 'failed')
    return { status: JobStatus.Skipped, detail: `power job ${jobId}: ${job.status}` };
  const action = job.action as DedicatedPowerAction;
  const say = (tx: Tx, m: Omit<DedicatedLiveMessage, 'message' | 'serial'>) =>
    publishDedicated(tx, job.client_id, { serial: job.server_serial, ...m });

  const fail = async (error: string, state: string): Promise<JobResult> => {
    await deps.db.system(async (tx) => {
      if (await jobsRepo.finishPowerJob(tx, jobId, error))
        await say(tx, { event: 'job', power_state: state, action, status: 'failed', error });
    });
    return { status: JobStatus.Success, detail: `power job ${jobId} (${action}) failed: ${error}` };
  };

  let bmc: BaremetalDriver;
  try {
    bmc = await deps.baremetal.forServer(job.server_serial);
  } catch (e) {
    if (e instanceof BaremetalError && e.code === 'NOT_FOUND')
      return fail('no management controller registered', job.power_state);
    throw e;
  }

  const claimed = await deps.db.system(async (tx) => {
    const mine = await jobsRepo.claimPowerJob(tx, jobId);
    if (mine) await say(tx, { event: 'job', power_state: job.power_state, action, status: 'running' });
    return mine;
  });
  if (claimed) {
    try {
      await bmc.reset(DEDICATED_POWER_ACTIONS[action]);
    } catch (e) {
      // Away or refusing: the function did not start, so the job fails (the customer may try again).
      if (e instanceof BaremetalError)
        return fail(e.code === 'REFUSED' ? e.message : `management controller ${e.code.toLowerCase()}`, job.power_state);
      throw e;
    }
  }

  const started = Date.now();
  const deadline = started + deps.vms.stateTimeoutMs;
  const settleMs = Math.min(10_000, deps.vms.stateTimeoutMs / 4);
  let leftOn = false;
  let last = job.power_state;
  for (;;) {
    const atDeadline = Date.now() >= deadline;
    let state: BmcPowerState | null = null;
    try {
      const sys = await bmc.system();
      state = sys.powerState;
      if (state !== 'On') leftOn = true;
      if (state !== last) {
        const now = state;
        await deps.db.system(async (tx) => {
          const r = await jobsRepo.recordSystem(tx, job.server_serial, sys);
          if (r?.changed) await say(tx, { event: 'power', power_state: now });
        });
        last = state;
      }
    } catch (e) {
      if (!(e instanceof BaremetalError)) throw e;
    }
    if (state !== null && reached(action, state, leftOn, Date.now() - started >= settleMs)) {
      await deps.db.system(async (tx) => {
        if (await jobsRepo.finishPowerJob(tx, jobId, null))
          await say(tx, { event: 'job', power_state: state, action, status: 'done' });
      });
      return { status: JobStatus.Success, detail: `power job ${jobId} (${action}) done: ${state}` };
    }
    if (atDeadline) {
      const seconds = Math.round(deps.vms.stateTimeoutMs / 1000);
      return fail(
        claimed ? `the server did not reach its state within ${seconds} s` : 'interrupted; check the power state',
        last,
      );
    }
    await sleep(deps.vms.pollMs);
  }
}
