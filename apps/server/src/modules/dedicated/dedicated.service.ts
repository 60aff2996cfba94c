/**
 * A customer's changes to their dedicated servers (issue 17; spec 2 §7 'Dedicated servers'):
 * hostname, the ILO password of their own BMC account, IPMI access over WireGuard and its key, and
 * additional addresses with their comments. Every server is looked up in the caller's tenant scope,
 * so another account's serial is DEDICATED_NOT_FOUND everywhere.
 */
import {
  ADDITIONAL_IPV4_PRODUCT,
  addressesIn,
  ILO_CUSTOMER_LOGIN,
  type AdditionalIp,
  type AdditionalIpPrefix,
} from '@portside/contract/schemas/dedicated';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import type { Tx } from '../../db/database.js';
import { BaremetalError } from '../../drivers/baremetal/baremetal.js';
import * as services from '../services/services.repository.js';
import { takeIpv4, takeIpv4Block } from '../vms/ip-pools.repository.js';
import * as repo from './dedicated.repository.js';

const notFound = (serial: string) => new AppError('DEDICATED_NOT_FOUND', { details: `p_serial: ${serial}` });

/** The caller's server, locked for the change, or DEDICATED_NOT_FOUND. */
export async function ownServer(tx: Tx, serial: string): Promise<repo.ServerRef> {
  const s = await repo.lockServer(tx, serial);
  if (!s) throw notFound(serial);
  return s;
}

/** A BMC's failure as the catalogue's error: away → 503, a refusal → 422 with its text. */
export function bmcError(e: unknown): AppError {
  if (e instanceof BaremetalError && e.code === 'REFUSED') return new AppError('BMC_REFUSED', { details: e.message });
  if (e instanceof BaremetalError)
    return new AppError('BMC_UNAVAILABLE', { details: e.code === 'AUTH' ? 'credentials' : e.code });
  return new AppError('BMC_UNAVAILABLE');
}

export async function updateHostname(u: UserCtx, b: { p_serial: string; p_hostname: string }): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    await ownServer(tx, b.p_serial);
    await repo.setHostname(tx, b.p_serial, b.p_hostname);
    return { success: true };
  });
}

/**
 * Sets the password of the customer's own account on the server's BMC (the ILO password modal).
 * The BMC is asked while the server's row is locked, so two changes never cross; nothing is
 * recorded unless the BMC took the password.
 */
export async function updateIloPassword(
  u: UserCtx,
  b: { p_serial: string; p_password: string },
): Promise<{ success: true; ilo_login: string }> {
  return u.tenant(async (tx) => {
    await ownServer(tx, b.p_serial);
    try {
      const bmc = await u.baremetal.forServer(b.p_serial);
      await bmc.setAccountPassword(ILO_CUSTOMER_LOGIN, b.p_password);
    } catch (e) {
      throw bmcError(e);
    }
    await repo.setIloLogin(tx, b.p_serial, ILO_CUSTOMER_LOGIN);
    return { success: true, ilo_login: ILO_CUSTOMER_LOGIN };
  });
}

/** ServerUpdateIPMIAccess: on gives the server its tunnel addresses at the location's IPMI gateway. */
export async function updateIpmiAccess(u: UserCtx, b: { p_serial: string; p_enabled: boolean }): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    const s = await ownServer(tx, b.p_serial);
    if (s.ipmi_access === b.p_enabled) return { success: true };
    if (!(await repo.setIpmiAccess(tx, b.p_serial, s.location_id, b.p_enabled)))
      throw new AppError('IPMI_NOT_OFFERED', { details: `location: ${s.location_id}` });
    return { success: true };
  });
}

/** ClientSetWgPubkey: the customer's WireGuard public key (checked by the contract's schema). */
export async function setWgPubkey(u: UserCtx, b: { p_serial: string; p_pubkey: string }): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    const s = await ownServer(tx, b.p_serial);
    if (!s.ipmi_access) throw new AppError('IPMI_ACCESS_OFF');
    await repo.setWgPubkey(tx, b.p_serial, b.p_pubkey);
    return { success: true };
  });
}

/** ServerAdditionalSubnets: the server's additional addresses and subnets. */
export async function additionalSubnets(u: UserCtx, b: { p_serial: string }): Promise<AdditionalIp[]> {
  return u.tenant(async (tx) => {
    await ownServer(tx, b.p_serial);
    return repo.additionalIps(tx, b.p_serial);
  });
}

/**
 * ServersOrderIP: one more IPv4 address for the server, billed monthly from today as a service of
 * the account (its parent the server's service), the lowest free address of the location's pools.
 */
/**
 * ServersOrderIP: one more IPv4 address (the default, the extra-ipv4 product's service) or a
 * routed subnet (/29, /28: a service of the same price per address) for the caller's server.
 */
export async function orderIp(u: UserCtx, b: { p_serial: string; p_prefix?: number | undefined }): Promise<AdditionalIp> {
  const prefix = (b.p_prefix ?? 32) as AdditionalIpPrefix;
  return u.tenant(async (tx) => {
    const s = await ownServer(tx, b.p_serial);
    if (s.equipment_id === null) throw new AppError('DEDICATED_NOT_BILLED', { details: `p_serial: ${b.p_serial}` });
    const product = await services.findProduct(tx, ADDITIONAL_IPV4_PRODUCT);
    if (!product) throw new AppError('SERVICE_PRODUCT_UNKNOWN', { details: `product: ${ADDITIONAL_IPV4_PRODUCT}` });
    let id: number;
    let address: { address: string; gateway: string | null };
    if (prefix === 32) {
      const single = await takeIpv4(tx, s.location_id);
      if (!single) throw new AppError('IPV4_POOL_EMPTY');
      address = single;
      id = await services.insertService(tx, { product, parent: Number(s.equipment_id), comment: null });
    } else {
      const block = await takeIpv4Block(tx, s.location_id, prefix);
      if (!block) throw new AppError('IPV4_POOL_EMPTY', { details: `p_prefix: ${prefix}` });
      // Routed to the server's main address: no gateway of its own.
      address = { address: block, gateway: null };
      const count = addressesIn(prefix);
      id = await repo.insertSubnetService(tx, {
        parent: Number(s.equipment_id),
        prefix,
        count,
        cents: product.monthly_cents * count,
      });
    }
    await services.recordHistory(tx, [id], 'created');
    await repo.insertAdditionalIp(tx, {
      equipmentId: id,
      serial: b.p_serial,
      address: address.address,
      gateway: address.gateway,
    });
    const all = await repo.additionalIps(tx, b.p_serial);
    return all.find((ip) => ip.equipment_id === id)!;
  });
}

/** ServicesUpdateAdditionalIPComment: the comment of one of the caller's additional addresses. */
export async function updateIpComment(
  u: UserCtx,
  b: { p_equipment_id: number; p_comment?: string | undefined },
): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    if (!(await repo.findAdditionalIp(tx, b.p_equipment_id)))
      throw new AppError('ADDITIONAL_IP_NOT_FOUND', { details: `p_equipment_id: ${b.p_equipment_id}` });
    await repo.setServiceComment(tx, b.p_equipment_id, b.p_comment || null);
    return { success: true };
  });
}
