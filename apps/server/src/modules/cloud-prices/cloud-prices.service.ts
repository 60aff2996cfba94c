/**
 * Staff's changes to the cloud price lists (issue 18): a new model with its prices, a model's price
 * at a location from a day on, retiring or restoring a model, and an add-on's price from a day on.
 * Every price goes through schedulePrice (the day rules and history of all price lists); each call
 * is one system transaction, so a refused one changes nothing. Answers the changed row.
 */
import {
  vmAddonItem,
  vmModelItem,
  type ProductsModelCreate,
  type ProductsModelPatch,
  type VmAddonPatch,
} from '@portside/contract/schemas/cloud-prices';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { schedulePrice } from '../prices/price-changes.service.js';
import * as repo from './cloud-prices.repository.js';

/**
 * POST ProductsModels. VALIDATION_FAILED for an unknown core type or a price list that does not
 * name every location exactly once; VM_MODEL_CODE_TAKEN when the core type has the code already.
 */
export async function createModel(u: UserCtx, b: ProductsModelCreate) {
  return u.db.system(async (tx) => {
    const known = await repo.catalogue(tx, b.p_core_type);
    if (!known.coreTypeKnown) throw new AppError('VALIDATION_FAILED', { details: 'p_core_type: core_type_unknown' });
    const named = b.p_prices.map((p) => p.location).sort();
    if (named.some((l) => !known.locations.includes(l)))
      throw new AppError('VALIDATION_FAILED', { details: 'p_prices: location_unknown' });
    if (named.join() !== known.locations.join())
      throw new AppError('VALIDATION_FAILED', { details: 'p_prices: model_prices_incomplete' });
    const made = await repo.insertModel(tx, {
      code: b.p_code,
      coreType: b.p_core_type,
      cores: b.p_cores,
      ramGb: b.p_ram_gb,
      diskGb: b.p_disk_gb,
      prices: b.p_prices,
    });
    if (!made) throw new AppError('VM_MODEL_CODE_TAKEN', { details: `p_code: ${b.p_code}` });
    return [await repo.modelRow(tx, made.id)];
  });
}

/**
 * PATCH ProductsModels?id=eq.<n>: a location's price from a day on, or `p_active`. VM_MODEL_NOT_FOUND
 * for an unknown model; VALIDATION_FAILED `p_location: location_unknown` for a location the model
 * has no price at; the day rules of schedulePrice.
 */
export async function patchModel(u: UserCtx, b: ProductsModelPatch) {
  return u.db.system(async (tx) => {
    const model = await repo.lockModel(tx, b.p_id);
    if (!model) throw new AppError('VM_MODEL_NOT_FOUND', { details: `p_id: ${b.p_id}` });
    if (b.p_active !== undefined) {
      await repo.setModelActive(tx, b.p_id, b.p_active);
    } else {
      // The schema lets a price change through only with all three fields.
      const location = b.p_location!;
      if (!model.locations.includes(location))
        throw new AppError('VALIDATION_FAILED', { details: 'p_location: location_unknown' });
      await schedulePrice(tx, u.principal.userId, vmModelItem(b.p_id, location), b.p_cents!, b.p_effective_from!);
    }
    return [await repo.modelRow(tx, b.p_id)];
  });
}

/** PATCH VmAddons?code=eq.<code>: the add-on's price (or backups' percent) from a day on. */
export async function patchAddon(u: UserCtx, b: VmAddonPatch) {
  return u.db.system(async (tx) => {
    await schedulePrice(tx, u.principal.userId, vmAddonItem(b.p_code), b.p_cents, b.p_effective_from);
    return [await repo.addonRow(tx, b.p_code)];
  });
}
