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
import { insertInstall, insertServerService } from '../dedicated/dedicated-staff.repository.js';
import * as dedicated from './dedicated-items.repository.js';
import * as repo from './provision.repository.js';

/**
 * Marks the order (and its first invoice) paid and due for provisioning; a second call changes
 * nothing. Its dedicated servers become installs at once (no worker makes them: staff do), each
 * with its service from today; the order completes when it has nothing else. Answers whether it changed.
 */
export async function onOrderPaid(tx: Tx, orderId: number | string): Promise<boolean> {
  const changed = await repo.markOrderPaid(tx, orderId);
  const items = await dedicated.openDedicatedItems(tx, orderId);
  for (const item of items) {
    const equipmentId = await insertServerService(tx, {
      clientId: item.client_id,
      model: item.offer_name,
      hostname: item.hostname,
      location: item.location_id,
      cents: item.monthly_cents,
      orderId,
    });
    await insertInstall(tx, {
      clientId: item.client_id,
      orderId,
      offerId: item.server_offer_id,
      hostname: item.hostname,
      orderItemId: item.id,
      equipmentId,
      monthlyCents: item.monthly_cents,
    });
    await dedicated.markInstalled(tx, item.id);
  }
  if (items.length > 0) await repo.settleOrder(tx, String(orderId));
  return changed;
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
