/**
 * Staff calls of the VM lifecycle (spec 2 §7): VmCreate makes a server for a customer without an
 * order of theirs — an order paid by nobody ('staff': no first invoice, billed monthly from its
 * first day), provisioned by the same job as any order — and PushVmStates reads a cluster's
 * servers now instead of at the next heartbeat.
 */
import crypto from 'node:crypto';
import type { VmCreateInput } from '@portside/contract/schemas/vm-lifecycle';
import { minimumDiskGb } from '@portside/contract/rules/order-builder';
import { findVmImage } from '@portside/contract/images';
import { builderOfferId, type VmOrderConfig } from '@portside/contract/schemas/orders';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { modelAtLocation } from '../offers/offers.repository.js';
import { validateOrderLine } from '../offers/order-line.js';
import { insertItems, insertOrder } from '../orders/orders.repository.js';
import { kickOrder, onOrderPaid } from '../orders/order-paid.js';
import { syncCluster } from '../vms/cluster-sync.js';
import * as repo from './vm-lifecycle.repository.js';

/** VmCreate: the order made, paid and handed to the workers; answers its id. */
export async function staffCreate(ctx: UserCtx, b: VmCreateInput): Promise<{ order_id: number }> {
  const orderId = await ctx.db.system(async (tx) => {
    if (!(await repo.clientExists(tx, b.p_client_id)))
      throw new AppError('NotFound', { details: `p_client_id: ${b.p_client_id}` });
    const model = await modelAtLocation(tx, b.p_model_id, b.p_location);
    if (!model) throw new AppError('ORDER_MODEL_UNAVAILABLE', { details: `p_model_id: ${b.p_model_id}` });
    const config: VmOrderConfig = {
      model_id: b.p_model_id,
      image: b.p_image,
      disk_gb: minimumDiskGb(model.disk_gb, findVmImage(b.p_image)?.minDiskGb),
      backups: false,
      hostname: b.p_name,
      project: b.p_project ?? null,
      ssh_keys: [],
    };
    const line = await validateOrderLine(tx, b.p_client_id, {
      offer_id: builderOfferId(b.p_location, config),
      location: b.p_location,
      quantity: 1,
      config,
    });
    const id = await insertOrder(tx, {
      clientId: b.p_client_id,
      userId: ctx.principal.userId,
      idempotencyKey: `staff-${crypto.randomUUID()}`,
      method: 'staff',
      subtotal: 0,
      vatPercent: 0,
      vatCents: 0,
      total: 0,
      monthly: line.monthly_cents,
    });
    await insertItems(tx, id, b.p_client_id, [{ ...line, first_charge_cents: 0, ipv4: b.p_ipv4 ?? true }], false);
    await onOrderPaid(tx, id);
    return id;
  });
  await kickOrder(ctx.db, ctx.jobs, orderId);
  return { order_id: Number(orderId) };
}

/** PushVmStates: the cluster's servers read now; answers how many were recorded. */
export async function pushVmStates(ctx: UserCtx, clusterId: number): Promise<{ seen: number }> {
  if (!(await ctx.db.system((tx) => repo.clusterExists(tx, clusterId))))
    throw new AppError('NotFound', { details: `p_cluster: ${clusterId}` });
  try {
    return { seen: await syncCluster(ctx, clusterId) };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('CLUSTER_UNAVAILABLE', { details: `p_cluster: ${clusterId}` });
  }
}
