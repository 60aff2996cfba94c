/**
 * Cloud VM actions (spec 1 §4 power state and lock, spec 2 §8 'Servers' messages). An action is
 * checked against the portal's view of the VM, recorded as a queued operation (one open operation
 * per VM) together with its PRE- state and a live message, and handed to a job once committed; the
 * call answers at once. The job (vm-operations.ts) does the work through the cluster's driver.
 */
import type { VmAction, VmGraphPoint, VmOperationAnswer } from '@portside/contract/schemas/vms';
import type { GraphRange } from '@portside/contract/schemas/vms';
import { vmActionBlock, type VmActionBlock } from '@portside/contract/rules/vm-actions';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { JobName } from '../../jobs/job-types.js';
import * as repo from './vms.repository.js';
import { publishVmUpdate, kindOf, textParamsOf } from './vm-events.js';
import { serverText, vmActionTextKey } from '@portside/contract/server-texts';

/** The state shown while an action waits to run. */
const PENDING_STATE: Partial<Record<VmAction, string>> = { start: 'PRE-START', stop: 'PRE-STOP', 'power-cycle': 'PRE-STOP' };

/** The catalogue's error for each reason the contract's rule gives. */
const BLOCK_ERRORS: Record<VmActionBlock, (vm: repo.VmRecord) => AppError> = {
  pending_delete: () => new AppError('VM_PENDING_DELETE'),
  creating: () => new AppError('VM_OPERATION_IN_PROGRESS', { hint: 'The server is being created: wait until it is ready' }),
  contact_lost: () => new AppError('VM_CONTACT_LOST'),
  in_progress: () => new AppError('VM_OPERATION_IN_PROGRESS'),
  locked: () => new AppError('VM_LOCKED'),
  not_off_unlocked: () => new AppError('VM_DELETE_NOT_ALLOWED'),
  state: (vm) => new AppError('VM_STATE', { details: `power_status: ${vm.power_status}` }),
  must_stop: (vm) => new AppError('VM_MUST_BE_STOPPED', { details: `power_status: ${vm.power_status}` }),
  must_run: (vm) => new AppError('VM_MUST_BE_RUNNING', { details: `power_status: ${vm.power_status}` }),
};

/**
 * Checks `action` on `vm` by the contract's rule (the one the web shows its buttons by); throws
 * the catalogue's error when it may not run. A running operation is not asked about here: the
 * operations table refuses a second one when the action is recorded.
 */
export function checkAction(vm: repo.VmRecord, action: VmAction): void {
  const block = vmActionBlock(vm, action);
  if (block) throw BLOCK_ERRORS[block](vm);
}

/**
 * Who asks for an action: a user of the account (their tenant transaction), or the system — the
 * services' month-end job removing an ended server, in the system context with no user.
 */
export interface ActionRequester {
  tenant: UserCtx['tenant'];
  principal: { userId: string | null };
}

/**
 * What an action's own checks make of the request, in its transaction with the server locked: they
 * throw the catalogue's error when it may not run, may pick the action (a toggle) and add
 * parameters for the job.
 */
export type PrepareAction = (
  tx: Tx,
  vm: repo.VmRecord,
) => Promise<{ action?: VmAction; params?: Record<string, unknown> } | void>;

/** Starts `action` on the caller's VM `id`; `params` go to the job (e.g. the new name). */
export async function requestAction(
  ctx: Pick<Ctx, 'jobs'>,
  u: ActionRequester,
  id: number,
  action: VmAction | 'lock-toggle',
  params: Record<string, unknown> = {},
  prepare?: PrepareAction,
): Promise<VmOperationAnswer> {
  const answer = await u.tenant(async (tx) => {
    const vm = await repo.lockVm(tx, id);
    if (!vm)
      throw new AppError('NotFound', { hint: 'No server with this id in your account', details: `p_provisioned_id: ${id}` });
    const prepared = prepare ? await prepare(tx, vm) : undefined;
    if (prepared?.params) params = { ...params, ...prepared.params };
    const act: VmAction = prepared?.action ?? (action === 'lock-toggle' ? (vm.locked === 'on' ? 'unlock' : 'lock') : action);
    if (act === 'rename' && params.name === vm.name) throw new AppError('NAME_UNCHANGED');
    checkAction(vm, act);
    const opId = await repo.insertOperation(tx, {
      clientId: vm.client_id,
      provisionedId: vm.provisioned_id,
      action: act,
      params,
      userId: u.principal.userId,
    });
    if (!opId) throw new AppError('VM_OPERATION_IN_PROGRESS');
    const pending = PENDING_STATE[act];
    if (pending) await repo.updateVm(tx, vm.provisioned_id, { power_status: pending });
    await publishVmUpdate(tx, vm, kindOf(act), {
      status: 'queued',
      power_status: pending ?? vm.power_status,
      state: pending ?? vm.power_status,
      text: serverText(vmActionTextKey(act, 'queued'), textParamsOf(params)),
      stage: `pre-${act}`,
    });
    return { operation_id: opId, action: act };
  });
  // Committed: hand it to a worker. If this send is lost, the sweeper sends it again.
  await ctx.jobs
    .send(JobName.VmOperation, { operationId: answer.operation_id }, { singletonKey: answer.operation_id })
    .catch(() => {});
  return answer;
}

/** VmGraphData: the VM's metrics over `range`, from its cluster. */
export async function graphData(u: UserCtx, id: number, range: GraphRange): Promise<VmGraphPoint[]> {
  const vm = await u.tenant((tx) => repo.findVm(tx, id));
  if (!vm) throw new AppError('NotFound', { hint: 'No server with this id in your account', details: `p_provisioned_id: ${id}` });
  const driver = await u.hypervisors.forCluster(vm.cluster_id);
  const points = await driver.metrics(vm.vmid, range).catch(() => {
    throw new AppError('CLUSTER_UNAVAILABLE');
  });
  return points.map((p) => ({
    time: p.time,
    cpu: p.cpu,
    mem: p.memBytes,
    maxmem: p.maxMemBytes,
    netin: p.netInBps,
    netout: p.netOutBps,
    diskread: p.diskReadBps,
    diskwrite: p.diskWriteBps,
  }));
}
