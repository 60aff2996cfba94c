/**
 * Updating the dedicated-server price lists (issue 18): an offer's monthly price from a day on, its
 * name, position and whether it is offered (ServersPricelist), and a part price from a day on
 * (ServersDisksPricelist). Each runs in one transaction, so a refused price day leaves the offer's
 * other fields unchanged too. Rented servers keep their contract price (their service's
 * monthly_cents); a new list price applies to new orders and to parts first seen from its day.
 */
import {
  partItem,
  serverOfferItem,
  type PartKind,
  type ServersPricelistCreateBody,
  type UpdateServersPricelistBody,
} from '@portside/contract/schemas/dedicated-prices';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { schedulePrice } from '../prices/price-changes.service.js';
import * as repo from './dedicated-prices.repository.js';

/** What a price list update answers: the row, the item and the scheduled change (if one was set). */
export interface PriceListUpdate {
  id: number | string;
  name: string;
  item: string;
  change: { id: number; effective_from: string } | null;
}

/** PATCH ServersPricelist: PRICE_LIST_ROW_NOT_FOUND for an unknown offer, the day rules of schedulePrice. */
export async function updateServersPricelist(u: UserCtx, b: UpdateServersPricelistBody): Promise<PriceListUpdate> {
  return u.db.system(async (tx) => {
    const offer = await repo.lockOffer(tx, b.p_id);
    if (!offer) throw new AppError('PRICE_LIST_ROW_NOT_FOUND', { details: `p_id: ${b.p_id}` });
    const item = serverOfferItem(offer.id);
    await repo.updateOffer(tx, offer.id, { name: b.p_name, sort: b.p_sort, active: b.p_active });
    const change =
      b.p_cents !== undefined && b.p_effective_from !== undefined
        ? await schedulePrice(tx, u.principal.userId, item, b.p_cents, b.p_effective_from)
        : null;
    return { id: offer.id, name: b.p_name ?? offer.name, item, change };
  });
}

/** PATCH ServersDisksPricelist: a part price (RAM per GB, a disk type per TB) from a day on. */
export async function updateServersDisksPricelist(
  u: UserCtx,
  b: { p_kind: PartKind; p_cents: number; p_effective_from: string },
): Promise<PriceListUpdate> {
  return u.db.system(async (tx) => {
    if (!(await repo.partPriceExists(tx, b.p_kind)))
      throw new AppError('PRICE_LIST_ROW_NOT_FOUND', { details: `p_kind: ${b.p_kind}` });
    const item = partItem(b.p_kind);
    const change = await schedulePrice(tx, u.principal.userId, item, b.p_cents, b.p_effective_from);
    return { id: b.p_kind, name: b.p_kind, item, change };
  });
}

/**
 * ServersPricelistCreate: a new offer from the reference lists, at its price from today on (the
 * list's own column). VALIDATION_FAILED naming a field whose row does not exist (or p_cores when
 * neither it nor the processor says how many cores); SERVER_OFFER_EXISTS for a product already
 * offered at the location.
 */
export async function createServersPricelistOffer(u: UserCtx, b: ServersPricelistCreateBody): Promise<{ id: number }> {
  return u.db.system(async (tx) => {
    const r = await repo.insertOffer(tx, {
      product: b.p_product,
      name: b.p_name,
      location: b.p_location,
      cpuFamily: b.p_cpu_family,
      cores: b.p_cores ?? null,
      model: b.p_model ?? null,
      diskSet: b.p_disk_set,
      ramGb: b.p_ram_gb,
      cents: b.p_cents,
      sort: b.p_sort ?? 0,
    });
    if (r === 'exists') throw new AppError('SERVER_OFFER_EXISTS', { details: `${b.p_product} ${b.p_location}` });
    if ('missing' in r) throw new AppError('VALIDATION_FAILED', { details: `${r.missing}: invalid_data` });
    return { id: r.id };
  });
}
