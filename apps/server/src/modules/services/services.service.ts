/**
 * My services (spec 1 'Other screens: My Services: add service, cancel service on a chosen date,
 * comment'; spec 2 §7 AddClientService, MyServiceDelete, MyServicesHistory).
 *
 * Rules:
 * - Adding and cancelling services changes the account's contract: the account owner only (the
 *   routes are declared `owner`). Any user who sees the services (menu-see-my-services) may
 *   comment and read the history.
 * - A service ends on the chosen day (its last day): today or later, never before its minimum
 *   cancel date. Cancelling again moves the day; null withdraws the cancellation. Once the day has
 *   passed the service has ended and nothing changes any more.
 * - An add-on never outlives the server it belongs to: cancelling a server ends its add-ons on the
 *   same day at the latest; withdrawing it lets those that were to end with it run on.
 * - Every change records the service as it now is in services_history.
 */
import type { ServiceChangeAnswer, ServiceHistoryRow } from '@portside/contract/schemas/services';
import { cancelDateProblem } from '@portside/contract/rules/service-dates';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import * as repo from './services.repository.js';

const notFound = (id: number) =>
  new AppError('NotFound', { hint: 'No service with this id in your account', details: `p_equipment_id: ${id}` });

/** AddClientService: a product of the catalogue, from today, attached to a server when it belongs to one. */
export async function addService(
  u: UserCtx,
  b: { p_product: string; p_parent_equipment_id?: number | null; p_comment?: string },
): Promise<ServiceChangeAnswer> {
  return u.tenant(async (tx) => {
    const product = await repo.findProduct(tx, b.p_product);
    if (!product) throw new AppError('SERVICE_PRODUCT_UNKNOWN', { details: `p_product: ${b.p_product}` });
    const parent = b.p_parent_equipment_id ?? null;
    if (product.needs_parent && parent === null) throw new AppError('SERVICE_PARENT_REQUIRED');
    if (parent !== null && !(await repo.isActiveServer(tx, parent))) {
      throw new AppError('SERVICE_PARENT_INVALID', { details: `p_parent_equipment_id: ${parent}` });
    }
    const id = await repo.insertService(tx, {
      product,
      parent: product.needs_parent ? parent : null,
      comment: b.p_comment || null,
    });
    await repo.recordHistory(tx, [id], 'created');
    return { success: true, equipment_id: id, end_date: null };
  });
}

/** MyServiceDelete: cancels on `endDate`, moves the day, or (null) withdraws the cancellation. */
export async function cancelService(u: UserCtx, id: number, endDate: string | null): Promise<ServiceChangeAnswer> {
  return u.tenant(async (tx) => {
    const s = await repo.findService(tx, id);
    if (!s) throw notFound(id);
    if (s.end_date !== null && s.end_date < s.today) throw new AppError('SERVICE_ENDED', { details: `end_date: ${s.end_date}` });

    if (endDate === null) {
      if (s.end_date === null) throw new AppError('SERVICE_NOT_CANCELLED');
      if (s.parent_end_date !== null)
        throw new AppError('SERVICE_OUTLIVES_PARENT', { details: `parent_end_date: ${s.parent_end_date}` });
      await repo.setEndDate(tx, id, null);
      const children = await repo.withdrawChildren(tx, id, s.end_date);
      await repo.recordHistory(tx, [id, ...children], 'cancel-withdrawn');
      return { success: true, equipment_id: id, end_date: null };
    }

    const problem = cancelDateProblem(endDate, s.min_cancel_date, s.today);
    if (problem === 'cancel_date_past') throw new AppError('SERVICE_CANCEL_DATE_PAST', { details: `today: ${s.today}` });
    if (problem === 'cancel_date_before_min')
      throw new AppError('SERVICE_CANCEL_TOO_EARLY', { details: `min_cancel_date: ${s.min_cancel_date}` });
    if (s.parent_end_date !== null && endDate > s.parent_end_date) {
      throw new AppError('SERVICE_OUTLIVES_PARENT', { details: `parent_end_date: ${s.parent_end_date}` });
    }
    // The same day again changes nothing and records nothing.
    if (endDate === s.end_date) return { success: true, equipment_id: id, end_date: endDate };
    await repo.setEndDate(tx, id, endDate);
    const children = await repo.cancelChildren(tx, id, endDate);
    await repo.recordHistory(tx, [id, ...children], 'cancel-requested');
    return { success: true, equipment_id: id, end_date: endDate };
  });
}

/** MyServiceComment: sets the comment ('' removes it); also on an ended service, which it only describes. */
export async function commentService(
  u: UserCtx,
  id: number,
  comment: string,
): Promise<{ success: true; comment: string | null }> {
  return u.tenant(async (tx) => {
    const s = await repo.findService(tx, id);
    if (!s) throw notFound(id);
    const value = comment === '' ? null : comment;
    if (await repo.setComment(tx, id, value)) await repo.recordHistory(tx, [id], 'comment');
    return { success: true, comment: value };
  });
}

/** MyServicesHistory: a page of the account's history, or of one service's (404 for another account's). */
export async function serviceHistory(
  u: UserCtx,
  q: { p_equipment_id?: number | null; p_limit: number; p_offset: number },
): Promise<ServiceHistoryRow[]> {
  return u.tenant(async (tx) => {
    const id = q.p_equipment_id ?? null;
    if (id !== null && !(await repo.findService(tx, id, false))) throw notFound(id);
    return repo.history(tx, { equipmentId: id, limit: q.p_limit, offset: q.p_offset });
  });
}
