/**
 * From a paid order to its servers: {@link onOrderPaid} runs in the transaction that records the
 * payment (or, for a free trial or a zero total, in CreateOrder's); after that transaction commits
 * the caller hands the order's items to the workers with {@link kickOrder}. A lost kick is not lost
 * work: the heartbeat's sweep ({@link sweepProvisioning}) sends the items of paid orders nobody
 * works on.
 */
import type { Tx } from '../../db/database.js';
import { JobName, type JobDeps } from '../../jobs/job-types.js';
import type { JobQueue } from '../../jobs/queue.js';
import * as repo from './provision.repository.js';

/** Marks the order (and its first invoice) paid and due for provisioning; a second call changes nothing. Answers whether it changed. */
export async function onOrderPaid(tx: Tx, orderId: number | string): Promise<boolean> {
  const r = await tx.query(
    `UPDATE orders SET status = 'provisioning', paid_at = coalesce(paid_at, now())
      WHERE id = $1 AND status IN ('awaiting_payment','paid')`,
    [orderId],
  );
  // The order's first invoice is what the payment paid.
  await tx.query(
    `UPDATE invoices SET status = 'paid', paid_cents = total_cents, paid_at = now() WHERE order_id = $1 AND status = 'open'`,
    [orderId],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Sends a provisioning job for each pending item of the order (after the payment's commit). */
export async function kickOrder(db: JobDeps['db'], jobs: Pick<JobQueue, 'send'>, orderId: number | string): Promise<number> {
  const items = await db.system((tx) => repo.openItems(tx, orderId));
  for (const itemId of items) await jobs.send(JobName.OrderProvision, { itemId }, { singletonKey: `order-item-${itemId}` });
  return items.length;
}

/** How long a pending item waits for its job before the sweep sends it again. */
const STRANDED_AFTER_MS = 10_000;
/** Runs an item gets before it is failed. */
const MAX_ATTEMPTS = 6;

/** Sends the items nobody works on again; fails those that were tried too often. */
export async function sweepProvisioning(
  deps: JobDeps,
  jobs: Pick<JobQueue, 'send'>,
): Promise<{ resent: number; abandoned: number }> {
  const out = { resent: 0, abandoned: 0 };
  for (const it of await deps.db.system((tx) => repo.strandedItems(tx, STRANDED_AFTER_MS))) {
    if (it.attempts >= MAX_ATTEMPTS) {
      await deps.db.system(async (tx) => {
        const r = await tx.query<{ order_id: string }>(
          `UPDATE order_items SET status = 'failed', error = $2, lease_until = NULL, updated_at = now()
            WHERE id = $1 AND status IN ('pending','provisioning') RETURNING order_id::text`,
          [it.id, `Gave up after ${it.attempts} attempts: the cluster did not answer`],
        );
        if (r.rows[0]) {
          await tx.query(
            `UPDATE vms SET state = 'deleted', deleted_at = now() WHERE provisioned_id = (SELECT provisioned_id FROM order_items WHERE id = $1) AND state = 'creating'`,
            [it.id],
          );
          await repo.refundItem(tx, it.id);
          await tx.query(
            `UPDATE orders o SET status = 'failed' WHERE o.id = $1 AND o.status IN ('paid','provisioning')
               AND NOT EXISTS (SELECT 1 FROM order_items WHERE order_id = o.id AND status IN ('pending','provisioning'))`,
            [r.rows[0].order_id],
          );
        }
      });
      out.abandoned++;
      continue;
    }
    await jobs.send(JobName.OrderProvision, { itemId: it.id });
    out.resent++;
  }
  return out;
}
