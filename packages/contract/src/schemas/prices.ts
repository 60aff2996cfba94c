/**
 * Dated price changes (issue 18, 'a price change applies from a chosen date and never rewrites
 * issued invoices'): the fields every price list's PATCH shares, the history of changes
 * (PriceChanges, staff) and withdrawing one still to come (PriceChangeCancel).
 *
 * A price is named by an item key '<list>:<id>' (e.g. 'vm_model:12:lis', 'vm_addon:storage',
 * 'server_offer:7', 'disk_type:NVMe'); each price list documents its own keys.
 */
import { z } from '../zod';
import { isCalendarDay } from '../rules/service-dates';
import { column, dayField, timestampField } from './view-row';

/** The highest price accepted, in cents (a million euros). */
export const PRICE_CENTS_MAX = 100_000_000;

/** The day a new price starts (YYYY-MM-DD, UTC); the server refuses a past day or one too far ahead (rules/price-dates). */
export const effectiveFromField = z.string({ error: 'price_date_required' }).check((ctx) => {
  if (ctx.value === '') ctx.issues.push({ code: 'custom', message: 'price_date_required', input: ctx.value });
  else if (!isCalendarDay(ctx.value)) ctx.issues.push({ code: 'custom', message: 'date_invalid', input: ctx.value });
});

/** A price in whole euro cents (a monthly price). */
export const priceCentsField = z
  .int({ error: 'price_invalid' })
  .min(0, { error: 'price_invalid' })
  .max(PRICE_CENTS_MAX, { error: 'price_invalid' });

/** A price in euro cents with at most two decimals (a price per GB or TB: 0.25 cents). */
export const unitPriceCentsField = z
  .number({ error: 'price_invalid' })
  .min(0, { error: 'price_invalid' })
  .max(PRICE_CENTS_MAX, { error: 'price_invalid' })
  .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'price_invalid' });

/** One row of GET /api/PriceChanges (staff): a price's new value from a day on, newest day first. */
export const priceChangeRow = z.object({
  id: z.int(),
  /** The price it changes, '<list>:<id>'. */
  item: z.string(),
  /** The new price in cents, as a decimal string ('1290.00'). */
  cents: column(z.string(), 'numeric'),
  effective_from: dayField(),
  /** Whether it applies already (then it is history and cannot be withdrawn). */
  started: z.boolean(),
  /** The e-mail of the staff member who set it (null once that user is deleted). */
  created_by: z.string().nullable(),
  created_at: timestampField(),
});
export type PriceChange = z.infer<typeof priceChangeRow>;

/** POST /api/rpc/PriceChangeCancel: withdraws a change that has not started. */
export const priceChangeCancelSchema = z.object({ p_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }) });
