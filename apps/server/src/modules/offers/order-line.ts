/**
 * One order line checked against the price list, the images and the account, and priced with the
 * one pricing function (vm_cost_breakdown). The builder's live price (OrderQuote) and CreateOrder
 * both go through {@link validateOrderLine}, so what the builder shows is what billing charges.
 */
import { SELLER } from '../billing/seller.js';
import {
  builderOfferId,
  dedicatedOfferId,
  orderHostnames,
  type DedicatedOrderLine,
  type OrderQuote,
  type VmOrderLine,
} from '@portside/contract/schemas/orders';
import type { CostBreakdown } from '@portside/contract/schemas/vms';
import { validateDedicatedHostname, validateVmName } from '@portside/contract/rules/validators';
import { imageFitsCoreType, minimumDiskGb } from '@portside/contract/rules/order-builder';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import * as repo from './offers.repository.js';

/** The provider's country: VAT is charged as invoice_vat(client, SELLER_COUNTRY) says. */
export const SELLER_COUNTRY = SELLER.country;

/** A line to check: a cart line names its offer; OrderQuote's line names none (null). */
export type LineToCheck = Omit<VmOrderLine, 'offer_id' | 'kind'> & { offer_id: string | null };

/** A dedicated-server line to check (offer_id null for OrderQuote's). */
export type DedicatedLineToCheck = Omit<DedicatedOrderLine, 'offer_id'> & { offer_id: string | null };

/** A checked and priced order line: what an order item needs (one item per hostname). */
export interface PricedLine {
  kind?: 'vm';
  /** The offer the line named (for OrderQuote's line, the builder's id of its configuration). */
  offer_id: string;
  location_id: string;
  quantity: number;
  model_id: number;
  model_code: string;
  image_id: string;
  /** One per server: the hostname itself, or numbered for a quantity above 1. */
  hostnames: string[];
  disk_gb: number;
  backups: boolean;
  /** The project, the account's default one when the line said null. */
  project_id: number;
  ssh_key_ids: number[];
  /** One server's monthly cost, with the account's voucher on the base cost. */
  monthly_cents: number;
  /** One server's first charge: today to the end of the month. */
  first_charge_cents: number;
  days_charged: number;
  month_days: number;
  breakdown: CostBreakdown;
  /** A copy of another server's backup (VmBackupRestoreToClone) instead of a fresh image. */
  source?: { provisionedId: number; volid: string | null };
  /** Whether the server comes with an IPv4 address (true unless staff make an IPv6-only one). */
  ipv4?: boolean;
}

/** A checked and priced dedicated-server line: one install per hostname once paid. */
export interface PricedDedicatedLine {
  kind: 'dedicated';
  offer_id: string;
  /** server_offers.id */
  server_offer_id: number;
  offer_name: string;
  location_id: string;
  quantity: number;
  hostnames: string[];
  /** The offer's list price (vouchers discount cloud servers only). */
  monthly_cents: number;
  first_charge_cents: number;
  days_charged: number;
  month_days: number;
}

/** Any checked order line. */
export type AnyPricedLine = PricedLine | PricedDedicatedLine;

/**
 * Checks one cart line for `clientId` and prices it. Usable inside any transaction (the caller's
 * tenant transaction in OrderQuote and CreateOrder). Refuses, changing nothing:
 * - ORDER_MODEL_UNAVAILABLE: no such model, or no price for it at the location;
 * - ORDER_OFFER_UNKNOWN: an offer_id that is neither the current offer of the model at the
 *   location (VmsOffers' id) nor the builder's id of this very line (builderOfferId of its
 *   location and configuration);
 * - ORDER_IMAGE_UNAVAILABLE: no such active image;
 * - ORDER_IMAGE_CORE_TYPE: a Windows image on another core type than 'dedicated-windows';
 * - DISK_BELOW_MINIMUM: disk below the larger of the model's disk and the image's minimum
 *   (details name the minimum as `min_disk_gb: N`);
 * - ORDER_PROJECT_UNKNOWN / ORDER_SSH_KEY_UNKNOWN: a project or SSH key not of the account;
 * - VALIDATION_FAILED: a numbered hostname that breaks the hostname rule.
 */
export async function validateOrderLine(tx: Tx, clientId: string, line: LineToCheck): Promise<PricedLine> {
  const c = line.config;
  const model = await repo.modelAtLocation(tx, c.model_id, line.location);
  if (!model || model.monthly_price_cents === null) {
    throw new AppError('ORDER_MODEL_UNAVAILABLE', { details: `p_config.model_id: ${c.model_id}\np_location: ${line.location}` });
  }
  const builderId = builderOfferId(line.location, c);
  const offerId = line.offer_id ?? builderId;
  if (offerId !== builderId && !(await repo.isVmOffer(tx, offerId, model.id, line.location))) {
    // The id is not echoed: it may be anything a client made up.
    throw new AppError('ORDER_OFFER_UNKNOWN', { details: 'offer_id: order_offer_unknown' });
  }
  const image = await repo.activeImage(tx, c.image, clientId);
  if (!image) throw new AppError('ORDER_IMAGE_UNAVAILABLE', { details: `p_config.image: ${c.image}` });
  if (!imageFitsCoreType(image.os_family, model.core_type)) {
    throw new AppError('ORDER_IMAGE_CORE_TYPE', { details: 'p_config.image: image_windows_core_type' });
  }
  const minDisk = minimumDiskGb(model.disk_gb, image.min_disk_gb);
  if (c.disk_gb < minDisk) {
    throw new AppError('DISK_BELOW_MINIMUM', { details: `p_config.disk_gb: disk_below_minimum\nmin_disk_gb: ${minDisk}` });
  }
  const projectId = await repo.projectOf(tx, clientId, c.project);
  if (projectId === null) throw new AppError('ORDER_PROJECT_UNKNOWN', { details: 'p_config.project: order_project_unknown' });
  const keys = [...new Set(c.ssh_keys)];
  if ((await repo.ownSshKeyCount(tx, clientId, keys)) !== keys.length) {
    throw new AppError('ORDER_SSH_KEY_UNKNOWN', { details: 'p_config.ssh_keys: order_ssh_key_unknown' });
  }
  const hostnames = orderHostnames(c.hostname, line.quantity);
  const badName = hostnames.map(validateVmName).find((k) => k !== null);
  if (badName) throw new AppError('VALIDATION_FAILED', { details: `p_config.hostname: ${badName}` });

  const price = await repo.linePrice(tx, clientId, {
    modelId: model.id,
    location: line.location,
    diskGb: c.disk_gb,
    backups: c.backups,
  });
  return {
    kind: 'vm',
    offer_id: offerId,
    location_id: line.location,
    quantity: line.quantity,
    model_id: model.id,
    model_code: model.code,
    image_id: image.id,
    hostnames,
    disk_gb: c.disk_gb,
    backups: c.backups,
    project_id: projectId,
    ssh_key_ids: keys,
    monthly_cents: price.breakdown.total_cost,
    first_charge_cents: price.first_charge_cents,
    days_charged: price.days_charged,
    month_days: price.month_days,
    breakdown: price.breakdown,
  };
}

/**
 * Checks a dedicated-server line and prices it at the offer's list price. Refuses, changing nothing:
 * ORDER_OFFER_UNKNOWN for an offer that is not active at the location, or a cart offer_id that is
 * not {@link dedicatedOfferId} of the line; VALIDATION_FAILED for a numbered hostname that breaks
 * the dedicated hostname rule.
 */
export async function validateDedicatedLine(tx: Tx, line: DedicatedLineToCheck): Promise<PricedDedicatedLine> {
  const d = line.dedicated;
  const offer = await repo.dedicatedOffer(tx, d.offer, line.location);
  if (!offer)
    throw new AppError('ORDER_OFFER_UNKNOWN', {
      details: `p_dedicated.offer: order_offer_unknown\np_location: ${line.location}`,
    });
  const ownId = dedicatedOfferId(offer.id, d.hostname);
  if (line.offer_id !== null && line.offer_id !== ownId) {
    throw new AppError('ORDER_OFFER_UNKNOWN', { details: 'offer_id: order_offer_unknown' });
  }
  const hostnames = orderHostnames(d.hostname, line.quantity);
  const badName = hostnames.map(validateDedicatedHostname).find((k) => k !== null);
  if (badName) throw new AppError('VALIDATION_FAILED', { details: `p_dedicated.hostname: ${badName}` });
  const price = await repo.firstCharge(tx, offer.monthly_price_cents);
  return {
    kind: 'dedicated',
    offer_id: line.offer_id ?? ownId,
    server_offer_id: offer.id,
    offer_name: offer.name,
    location_id: line.location,
    quantity: line.quantity,
    hostnames,
    monthly_cents: offer.monthly_price_cents,
    ...price,
  };
}

/**
 * The account's VAT on an order with this provider (invoice_vat with SELLER_COUNTRY): what
 * OrderQuote shows, CreateOrder charges and the order invoice prints. An account whose billing
 * country is not a known code gets BILLING_ADDRESS_INVALID (422), never a VAT of 0.
 */
export async function accountVat(tx: Tx, clientId: string): Promise<{ percent: number; note: string | null }> {
  return repo.accountVat(tx, clientId, SELLER_COUNTRY);
}

/** OrderQuote's answer for a priced line: the line's servers together, and the account's VAT. */
export async function quoteOf(tx: Tx, clientId: string, line: AnyPricedLine): Promise<OrderQuote> {
  const vat = await accountVat(tx, clientId);
  return {
    breakdown: line.kind === 'dedicated' ? null : line.breakdown,
    offer_name: line.kind === 'dedicated' ? line.offer_name : null,
    monthly_cents: line.monthly_cents * line.quantity,
    first_charge_cents: line.first_charge_cents * line.quantity,
    days_charged: line.days_charged,
    month_days: line.month_days,
    vat_percent: vat.percent,
    vat_note: vat.note,
  };
}
