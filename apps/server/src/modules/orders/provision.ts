/**
 * The OrderProvision job: makes one ordered server through its location's cluster driver
 * (HypervisorDriver.create → finishCreate → power start) and then starts its service.
 *
 * Durable and idempotent, like the VM operations (vm-operations.ts):
 * - The run claims the item (pending, or provisioning with an expired lease); a finished item or
 *   one a live worker holds is skipped.
 * - The VM id is reserved first (nextVmid, then the server's row with the unique cluster+vmid key,
 *   state 'creating'), so a re-run makes the same VM and never a second one. The server's
 *   addresses are taken from the location's pools in the same transaction (an IPv6 address
 *   always, an IPv4 one as ordered) and given to the driver as the first NIC's static setting.
 * - Each step's cluster task is recorded before the run waits on it; a re-run follows it. The
 *   driver's steps are themselves safe to repeat (create with an existing vmid and name answers
 *   without a task).
 * - A refusal by the cluster or a task that fails ends the item with the cluster's words (the
 *   server row is dropped, the order settles as failed); a passing trouble (cluster unreachable)
 *   gives the item back and the queue retries.
 * The browser hears each stage on the 'create' hub and in the terminal panel.
 */
import crypto from 'node:crypto';
import { HypervisorError, type CreateVmSpec, type HypervisorDriver } from '../../drivers/hypervisor/hypervisor.js';
import { JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import { publishVmUpdate } from '../vms/vm-events.js';
import { leaseMs } from '../vms/vm-operations.js';
import { assignAddresses, networkOf } from '../vms/ip-pools.repository.js';
import * as repo from './provision.repository.js';
import { englishText, serverText, type ServerText } from '@portside/contract/server-texts';
import { VPN_IMAGE_ID } from '@portside/contract/rules/vpn';
import { JobName } from '../../jobs/job-types.js';

/**
 * The creation failed for good: not retried. The message is the reason in English (what the order
 * item keeps); `text` what the browser is told.
 */
class ProvisionFailed extends Error {
  readonly text: ServerText;
  constructor(message: string, text: ServerText = serverText('terminal:create.failed.cluster', { reason: message })) {
    super(message);
    this.text = text;
  }
}

/** A failure of our own: the reason is the text's English without its 'Server creation failed: ' opening. */
const ownFailure = (text: ServerText) => new ProvisionFailed(englishText(text).replace(/^Server creation failed: /, ''), text);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creating a VM (a full clone and its first boot) may take far longer than a power change. */
const CREATE_TIMEOUT_FACTOR = 10;

/** A root password nobody is told: the customer logs in with an SSH key or sets one (Reset Root Password). */
const newRootPassword = () => crypto.randomBytes(18).toString('base64url');

/** The stages the terminal panel shows. */
const STAGE_TEXT = {
  queued: serverText('terminal:create.queued'),
  create: serverText('terminal:create.image'),
  restore: serverText('terminal:create.backup'),
  finish: serverText('terminal:create.setup'),
  start: serverText('terminal:create.first_boot'),
  done: serverText('terminal:create.done'),
} as const;

export async function runProvision(deps: JobDeps, itemId: string): Promise<JobResult> {
  const lease = leaseMs(deps);
  let item = await deps.db.system((tx) => repo.claimItem(tx, itemId, lease));
  if (!item) return { status: JobStatus.Skipped, detail: 'finished already or held by a live worker' };
  const deadline = Date.now() + deps.vms.stateTimeoutMs * CREATE_TIMEOUT_FACTOR;
  let lastRenew = Date.now();

  const vmLabel = () => ({ client_id: item!.client_id, provisioned_id: Number(item!.provisioned_id), name: item!.hostname });
  const say = (status: string, power: string, text: ServerText, stage: string) =>
    deps.db.system((tx) => publishVmUpdate(tx, vmLabel(), 'create', { status, power_status: power, state: power, text, stage }));

  let driver: HypervisorDriver;
  try {
    // The cluster and the VM id, once: a re-run keeps what the first run reserved.
    if (!item.provisioned_id) {
      // A copy is made where its source is: on the source server's cluster.
      const clusterId = item.source_provisioned_id
        ? item.source_cluster_id
        : await deps.db.system((tx) => repo.pickCluster(tx, item!.location_id));
      if (clusterId === null)
        throw ownFailure(
          serverText('terminal:create.failed.no_cluster', { location: item.location_id, location_id: item.location_id }),
        );
      driver = await deps.hypervisors.forCluster(clusterId);
      let vmid = await driver.nextVmid();
      for (let tries = 0; ; tries++) {
        if (tries > 50) throw new Error('no free VM id found on the cluster');
        const candidate = vmid;
        const id = await deps.db.system(async (tx) => {
          if (await repo.vmidTaken(tx, clusterId, candidate)) return null;
          const reserved = await repo.reserveVm(tx, item!, clusterId, candidate);
          // The addresses come with the reservation: a re-run keeps them, two servers never share one.
          const full = reserved && (await assignAddresses(tx, reserved, item!.location_id, item!.ipv4));
          if (full)
            throw ownFailure(serverText('terminal:create.failed.no_address', { family: full === 'ipv4' ? 'IPv4' : 'IPv6' }));
          return reserved;
        });
        if (id) {
          item = { ...item, cluster_id: clusterId, vmid: candidate, provisioned_id: id, step: 0, driver_task: null };
          break;
        }
        vmid++;
      }
      await say('running', 'UNKNOWN', STAGE_TEXT.queued, 'pre-create');
    } else {
      driver = await deps.hypervisors.forCluster(item.cluster_id!);
    }
  } catch (e) {
    return e instanceof ProvisionFailed ? fail(deps, item, e) : release(deps, item.id, e);
  }

  const current = item;
  // (A server reserved before address pools existed has none: it keeps DHCP.)
  const network = await deps.db.system((tx) => networkOf(tx, current.provisioned_id!));
  const spec: CreateVmSpec = {
    vmid: current.vmid!,
    ...(current.node ? { node: current.node } : {}),
    name: current.hostname,
    image: current.image_id,
    cores: current.cores,
    memoryMb: current.ram_gb * 1024,
    diskGb: current.disk_gb,
    sshKeys: await deps.db.system((tx) => repo.sshKeys(tx, current)),
    rootPassword: newRootPassword(),
    ...(network ? { network } : {}),
  };
  let step = current.step;
  let task = current.driver_task;

  async function waitFor(upid: string): Promise<void> {
    for (;;) {
      const t = await driver.task(upid);
      if (t.state === 'ok') return;
      if (t.state === 'error')
        throw t.message ? new ProvisionFailed(t.message) : ownFailure(serverText('terminal:create.failed.task'));
      if (Date.now() > deadline) throw ownFailure(serverText('terminal:create.failed.timeout'));
      if (Date.now() - lastRenew > lease / 3) {
        await deps.db.system((tx) => repo.renewLease(tx, current.id, lease));
        lastRenew = Date.now();
      }
      await sleep(deps.vms.pollMs);
    }
  }

  /** Step `n`: starts its cluster task unless one is recorded, then waits for it. */
  async function taskStep(n: number, text: ServerText, start: () => Promise<string | null>): Promise<void> {
    if (step > n) return;
    await say('running', 'UNKNOWN', text, `running-create-${n}`);
    if (!task) {
      task = await start();
      if (task) await deps.db.system((tx) => repo.setStep(tx, current.id, n, task));
    }
    if (task) await waitFor(task);
    step = n + 1;
    task = null;
    await deps.db.system((tx) => repo.setStep(tx, current.id, step, null));
  }

  try {
    const stage = current.source_volid
      ? STAGE_TEXT.restore
      : current.source_provisioned_id
        ? serverText('terminal:create.clone', { source: current.source_name ?? '' })
        : STAGE_TEXT.create;
    await taskStep(0, stage, async () => {
      if (current.source_provisioned_id) {
        if (current.source_vmid === null || current.source_node === null)
          throw new ProvisionFailed(
            current.source_volid ? 'The server of the backup no longer exists' : 'The server to copy no longer exists',
          );
        if (current.source_node !== current.node) await deps.db.system((tx) => repo.setNode(tx, current, current.source_node!));
        return current.source_volid
          ? driver.restoreBackupAsNew(current.source_vmid, current.source_volid, current.vmid!, current.hostname)
          : driver.cloneVm(current.source_vmid, current.vmid!, current.hostname);
      }
      const started = await driver.create(spec);
      if (started.node !== current.node) await deps.db.system((tx) => repo.setNode(tx, current, started.node));
      return started.taskId;
    });
    await taskStep(1, STAGE_TEXT.finish, () => driver.finishCreate(current.vmid!, spec));
    await taskStep(2, STAGE_TEXT.start, async () => {
      const s = await driver.status(current.vmid!);
      return s.power === 'RUNNING' ? null : driver.power(current.vmid!, 'start');
    });
  } catch (e) {
    if (e instanceof ProvisionFailed) return fail(deps, current, e, driver);
    if (e instanceof HypervisorError || isPermanent(e))
      return fail(deps, current, new ProvisionFailed((e as Error).message), driver);
    return release(deps, current.id, e);
  }

  const after = await driver.status(current.vmid!).catch(() => null);
  const power = after?.power ?? 'RUNNING';
  await deps.db.system(async (tx) => {
    await repo.finishItem(tx, current, power);
    await publishVmUpdate(tx, vmLabel(), 'create', {
      status: 'ok',
      power_status: power,
      state: power,
      text: STAGE_TEXT.done,
      stage: 'post-create',
    });
  });
  // A VPN server gets its WireGuard configuration now (the vpn.sweep job sends it should this be lost).
  if (current.image_id === VPN_IMAGE_ID)
    await deps.jobs.send(JobName.VpnPush, { provisionedId: Number(current.provisioned_id) }).catch(() => null);
  return { status: JobStatus.Success, detail: `created ${current.hostname} (vmid ${current.vmid})` };
}

/** Ends the item for good; a VM left half made on the cluster is destroyed where it can be. */
async function fail(
  deps: JobDeps,
  item: repo.ItemRecord,
  failure: ProvisionFailed,
  driver?: HypervisorDriver,
): Promise<JobResult> {
  const message = failure.message;
  if (driver && item.vmid !== null) {
    await driver
      .status(item.vmid)
      .then(async (s) => {
        if (s.power === 'RUNNING') return; // never destroy a running machine on a guess
        await driver.delete(item.vmid!);
      })
      .catch(() => {});
  }
  await deps.db.system(async (tx) => {
    await repo.failItem(tx, item, message);
    if (item.provisioned_id) {
      await publishVmUpdate(
        tx,
        { client_id: item.client_id, provisioned_id: Number(item.provisioned_id), name: item.hostname },
        'create',
        {
          status: 'error',
          power_status: 'UNKNOWN',
          state: 'FAILED',
          text: failure.text,
          stage: 'failed-create',
        },
      );
    }
  });
  return { status: JobStatus.Success, detail: `item ${item.id} failed: ${message}` };
}

/** A driver error that says retrying cannot help (e.g. a refused API token). */
function isPermanent(e: unknown): boolean {
  return e instanceof Error && (e as { transient?: unknown }).transient === false;
}

async function release(deps: JobDeps, id: string, e: unknown): Promise<JobResult> {
  await deps.db.system((tx) => repo.releaseItem(tx, id)).catch(() => {});
  return { status: JobStatus.Failed, detail: e instanceof Error ? e.message : String(e) };
}
