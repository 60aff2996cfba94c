/**
 * From a paid order to its servers: {@link onOrderPaid} runs in the transaction that records the
 * payment (or, for a free trial or a zero total, in CreateOrder's); after that transaction commits
 * the caller hands the order's items to the workers with {@link kickOrder}. A lost kick is not lost
 * work: the recurring job `order.sweep-provisioning` ({@link sweepProvisioning}) sends the items of
 * paid orders nobody works on.
 */
import type { Tx } from '../../db/database.js';
import { JobName, type JobDeps, type JobQueue } from '../../jobs/job-types.js';
import { sweepStranded } from '../../jobs/sweep-stranded.js';
import * as repo from './provision.repository.js';

/** Marks the order (and its first invoice) paid and due for provisioning; a second call changes nothing. Answers whether it changed. */
export async function onOrderPaid(tx: Tx, orderId: number | string): Promise<boolean> {
  return repo.markOrderPaid(tx, orderId);
}

/** Sends a provisioning job for each pending item of the order (after the payment's commit). */
export async function kickOrder(db: JobDeps['db'], jobs: Pick<JobQueue, 'send'>, orderId: number | string): Promise<number> {
  const items = await db.system((tx) => repo.openItems(tx, orderId));
  for (const itemId of items) await jobs.send(JobName.OrderProvision, { itemId }, { singletonKey: `order-item-${itemId}` });
  return items.length;
}

/** Sends the items nobody works on again; fails those that were tried too often. */
export function sweepProvisioning(deps: Pick<JobDeps, 'db' | 'jobs'>): Promise<{ resent: number; abandoned: number }> {
  return sweepStranded(deps, {
    find: repo.strandedItems,
    abandon: repo.abandonItem,
    resend: (it) => deps.jobs.send(JobName.OrderProvision, { itemId: it.id }),
  });
}
