/**
 * The heartbeat (spec 1 §4 activity levels, spec 2 §9 prox_sync_success): every few seconds one
 * worker reads each cluster's inventory and records, for every VM it finds on an online node,
 * that it was seen, its power state and lock (unless an operation is changing them right now).
 * A VM the heartbeat stops finding ages through WARNING, CRITICAL, DEAD and LOST
 * (vm_activity_level). An account's prox_sync_success is true while every cluster holding its VMs
 * answered within the last minute.
 *
 * The same tick sweeps operations and ordered servers nobody works on (a send that was lost, a
 * worker that died) back into the queue, gives up on those that failed too often, and sends
 * invoice mails that failed before.
 */
import type pg from 'pg';
import type { JobDeps } from '../../jobs/job-types.js';
import { JobName } from '../../jobs/job-types.js';
import type { JobQueue } from '../../jobs/queue.js';
import * as repo from './vms.repository.js';
import { sweepProvisioning } from '../orders/order-paid.js';
import { mailUnmailedInvoices } from '../billing/invoice-mail.js';

/** Whether the VM `v` has an operation queued or running (which then owns its power state and lock). */
const OPEN_OPERATION = `EXISTS (SELECT 1 FROM vm_operations op WHERE op.provisioned_id = v.provisioned_id AND op.status IN ('queued','running'))`;

/** How many runs an operation gets before the sweeper gives up on it. */
const MAX_ATTEMPTS = 6;
/** A queued operation older than this with no worker on it is sent again. */
const STRANDED_AFTER_MS = 10_000;

export interface HeartbeatResult {
  clusters: number;
  failedClusters: number;
  seen: number;
  resent: number;
  abandoned: number;
  /** Ordered servers whose provisioning was sent again, and given up on. */
  provisionResent: number;
  provisionAbandoned: number;
}

/** One heartbeat tick over every cluster, then the sweep. */
export async function heartbeatTick(deps: JobDeps, jobs: Pick<JobQueue, 'send'>): Promise<HeartbeatResult> {
  const out: HeartbeatResult = {
    clusters: 0,
    failedClusters: 0,
    seen: 0,
    resent: 0,
    abandoned: 0,
    provisionResent: 0,
    provisionAbandoned: 0,
  };
  for (const c of await deps.hypervisors.clusters()) {
    out.clusters++;
    try {
      const driver = await deps.hypervisors.forCluster(c.id);
      const inv = await driver.inventory();
      const online = new Set(inv.nodes.filter((n) => n.online).map((n) => n.name));
      const live = inv.vms.filter((v) => online.has(v.node));
      out.seen += await deps.db.system(async (tx) => {
        // Contact is recorded for every VM found; power and lock only where no operation owns them.
        const r = await tx.query(
          `UPDATE vms v SET last_seen_at = now(), node = x.node,
                  power_status = CASE WHEN ${OPEN_OPERATION} THEN v.power_status ELSE x.power END,
                  locked = CASE WHEN ${OPEN_OPERATION} THEN v.locked WHEN x.locked THEN 'on' ELSE 'off' END
             FROM unnest($2::int[], $3::text[], $4::text[], $5::boolean[]) AS x(vmid, node, power, locked)
            WHERE v.cluster_id = $1 AND v.vmid = x.vmid AND v.state IN ('active','pending-delete')`,
          [c.id, live.map((v) => v.vmid), live.map((v) => v.node), live.map((v) => v.power), live.map((v) => v.locked)],
        );
        await tx.query(`UPDATE clusters SET last_sync_at = now(), last_sync_error = NULL WHERE id = $1`, [c.id]);
        return r.rowCount ?? 0;
      });
    } catch (e) {
      out.failedClusters++;
      const message = e instanceof Error ? e.message : String(e);
      await deps.db.system((tx) =>
        tx.query(`UPDATE clusters SET last_sync_error = $2 WHERE id = $1`, [c.id, message.slice(0, 500)]),
      );
    }
  }
  // An account is in sync while every cluster holding its servers answered within the last minute.
  await deps.db.owner.query(
    `UPDATE clients cl SET prox_sync_success = x.ok
       FROM (SELECT v.client_id, bool_and(c.last_sync_at > now() - interval '1 minute') AS ok
               FROM vms v JOIN clusters c ON c.id = v.cluster_id WHERE v.state <> 'deleted' GROUP BY v.client_id) x
      WHERE cl.id = x.client_id AND cl.prox_sync_success IS DISTINCT FROM x.ok`,
  );
  for (const op of await deps.db.system((tx) => repo.strandedOperations(tx, STRANDED_AFTER_MS))) {
    if (op.attempts >= MAX_ATTEMPTS) {
      await deps.db.system(async (tx) => {
        await tx.query(`UPDATE vm_operations SET status = 'running' WHERE id = $1 AND status = 'queued'`, [op.id]);
        await repo.finishOperation(tx, op.id, false, `Gave up after ${op.attempts} attempts: the cluster did not answer`);
        await tx.query(
          `UPDATE vms SET power_status = 'UNKNOWN' WHERE provisioned_id = (SELECT provisioned_id FROM vm_operations WHERE id = $1)
             AND power_status LIKE 'PRE-%'`,
          [op.id],
        );
      });
      out.abandoned++;
      continue;
    }
    // No singleton key: the stranded operation's old job may still count as active in the queue
    // (its worker died). A duplicate run is harmless — only one can claim the operation.
    await jobs.send(JobName.VmOperation, { operationId: op.id });
    out.resent++;
  }
  const provisioning = await sweepProvisioning(deps, jobs);
  out.provisionResent = provisioning.resent;
  out.provisionAbandoned = provisioning.abandoned;
  // Invoice mails that failed (SMTP down) are sent again soon rather than with the next monthly run.
  await mailUnmailedInvoices(deps);
  return out;
}

/**
 * Runs {@link heartbeatTick} every `intervalMs` in this worker while it holds the heartbeat's
 * advisory lock (one worker of many beats; another takes over when it dies).
 */
export function startHeartbeat(deps: JobDeps, jobs: Pick<JobQueue, 'send'>, intervalMs: number): { stop(): Promise<void> } {
  let client: pg.PoolClient | null = null;
  let leader = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  const LOCK_KEY = 0x706f7274; // 'port'

  async function tick(): Promise<void> {
    if (!leader) {
      client ??= await deps.db.owner.connect();
      leader = (await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1) AS ok`, [LOCK_KEY])).rows[0]!.ok;
      if (!leader) return;
    }
    await heartbeatTick(deps, jobs);
  }
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .catch((e: unknown) => deps.log(`heartbeat: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => (running = null));
  }, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      client?.release(true);
    },
  };
}
