/**
 * Dated price changes (issue 18): every price list's PATCH sets its new price through
 * {@link schedulePrice}, so the same day rules and history apply to all of them.
 */
import { priceDateProblem } from '@portside/contract/rules/price-dates';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import * as repo from './price-changes.repository.js';

/**
 * Sets `item`'s price to `cents` from `effectiveFrom` on (today or a later day, at most
 * PRICE_LEAD_DAYS ahead, by the database's clock), inside the caller's transaction so a price
 * list's other changes commit with it. VALIDATION_FAILED for a refused day, PRICE_CHANGE_STARTED when
 * a change for that day applies already.
 */
export async function schedulePrice(
  tx: Tx,
  userId: string,
  item: string,
  cents: number,
  effectiveFrom: string,
): Promise<{ id: number; effective_from: string }> {
  const problem = priceDateProblem(effectiveFrom, await repo.databaseToday(tx));
  if (problem) throw new AppError('VALIDATION_FAILED', { details: `p_effective_from: ${problem}` });
  const r = await repo.setPriceChange(tx, { item, cents, effectiveFrom, userId });
  if (r === 'started') throw new AppError('PRICE_CHANGE_STARTED', { details: `${item} ${effectiveFrom}` });
  return { id: r.id, effective_from: effectiveFrom };
}

/** PriceChangeCancel: withdraws a change still to come; a started one is history. */
export async function cancelPriceChange(u: UserCtx, id: number): Promise<{ id: number; item: string }> {
  const r = await u.db.system((tx) => repo.deletePriceChange(tx, id));
  if (r === null) throw new AppError('PRICE_CHANGE_NOT_FOUND', { details: String(id) });
  if (r === 'started') throw new AppError('PRICE_CHANGE_STARTED', { details: String(id) });
  return { id, item: r.item };
}
