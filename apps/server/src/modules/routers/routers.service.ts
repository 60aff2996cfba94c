/**
 * The router admin calls (issue 18; spec 2 §7 'Router admin'): rebuild the subnets, reserve an
 * address for a MAC, release a reservation, comment it, and give an address to an account or take
 * it back. Each is checked against the portal's copy first (bad input gets the catalogue's error
 * and changes nothing), then made on the router through its driver, then recorded. A router that
 * does not answer is a 503 ROUTER_UNAVAILABLE and nothing is recorded: the pages keep its last state.
 */
import { hostProblem } from '@portside/contract/rules/routers';
import type {
  DhcpAssignBody,
  DhcpCommentBody,
  DhcpReleaseBody,
  IpDeleteClientBody,
  IpUpdateClientBody,
  RegisterRouterBody,
  RoutersRebuildBody,
} from '@portside/contract/schemas/routers';
import crypto from 'node:crypto';
import { registerRouter } from '../../drivers/router/registry.repository.js';
import { AppError } from '../../http/errors.js';
import { JobName } from '../../jobs/job-types.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { RouterError, type RouterDriver } from '../../drivers/router/router.js';
import * as repo from './routers.repository.js';
import { markReachable } from './routers-sync.repository.js';

/** A driver failure as the catalogue's error: a router away or refusing the login is 503, a refusal 422. */
export function routerError(e: unknown): AppError {
  if (e instanceof RouterError && e.code === 'REFUSED') return new AppError('ROUTER_REFUSED', { details: e.message });
  if (e instanceof RouterError && e.code === 'NOT_FOUND')
    return new AppError('DHCP_RESERVATION_NOT_FOUND', { details: e.message });
  if (e instanceof RouterError)
    return new AppError('ROUTER_UNAVAILABLE', { details: e.code === 'AUTH' ? 'credentials' : e.code });
  return e instanceof AppError ? e : new AppError('ROUTER_UNAVAILABLE');
}

/** Runs `fn` on router `routerId`'s driver, recording whether the router answered. */
async function onRouter<T>(u: UserCtx, routerId: number, fn: (d: RouterDriver) => Promise<T>): Promise<T> {
  try {
    const out = await fn(await u.network.routers.forRouter(routerId));
    await u.db.system((tx) => markReachable(tx, routerId, true, null));
    return out;
  } catch (e) {
    if (e instanceof RouterError && (e.code === 'UNAVAILABLE' || e.code === 'AUTH'))
      await u.db.system((tx) => markReachable(tx, routerId, false, `${e.code}: ${e.message}`)).catch(() => undefined);
    throw routerError(e);
  }
}

async function subnet(u: UserCtx, id: number): Promise<repo.SubnetRow> {
  const s = await u.db.system((tx) => repo.findSubnet(tx, id));
  if (!s) throw new AppError('SUBNET_NOT_FOUND', { details: `p_subnet: ${id}` });
  return s;
}

export async function rebuildSubnets(u: UserCtx, b: RoutersRebuildBody): Promise<{ success: true; routers: number }> {
  const ids = await u.db.system((tx) => repo.requestSync(tx, b.p_router ?? null));
  if (b.p_router !== undefined && ids.length === 0)
    throw new AppError('ROUTER_NOT_FOUND', { details: `p_router: ${b.p_router}` });
  if (ids.length > 0)
    await u.jobs.send(JobName.RoutersRebuild, b.p_router === undefined ? {} : { routerId: b.p_router }, {
      singletonKey: `routers-rebuild:${b.p_router ?? 'all'}`,
    });
  return { success: true, routers: ids.length };
}

export async function assignMac(u: UserCtx, b: DhcpAssignBody): Promise<{ success: true; address: string; mac: string }> {
  const s = await subnet(u, b.p_subnet);
  const problem = hostProblem(b.p_ip, s.network, s.gateway);
  if (problem) throw new AppError('IP_NOT_IN_SUBNET', { details: `p_ip: ${problem} (${s.network})` });
  const held = await u.db.system((tx) => repo.leasesOf(tx, s.router_id, b.p_mac, b.p_ip));
  const macTaken = held.find((l) => l.static && l.mac === b.p_mac && l.address !== b.p_ip);
  if (macTaken) throw new AppError('DHCP_MAC_TAKEN', { details: `p_mac: ${b.p_mac} → ${macTaken.address}` });
  const ipTaken = held.find((l) => l.static && l.address === b.p_ip);
  if (ipTaken)
    throw new AppError(ipTaken.mac === b.p_mac ? 'DHCP_MAC_TAKEN' : 'DHCP_IP_TAKEN', {
      details: `p_ip: ${b.p_ip} → ${ipTaken.mac}`,
    });
  const comment = b.p_comment ?? '';
  const lease = await onRouter(u, s.router_id, (d) => d.reserve({ address: b.p_ip, mac: b.p_mac, comment }));
  await u.db.system((tx) =>
    repo.recordReservation(tx, s.router_id, { address: b.p_ip, mac: b.p_mac, comment, leaseId: lease.id }),
  );
  return { success: true, address: b.p_ip, mac: b.p_mac };
}

export async function releaseMac(u: UserCtx, b: DhcpReleaseBody): Promise<{ success: true; address: string }> {
  const s = await subnet(u, b.p_subnet);
  const lease = await u.db.system((tx) => repo.staticLeaseIn(tx, s.router_id, s.network, b.p_mac));
  if (!lease) throw new AppError('DHCP_RESERVATION_NOT_FOUND', { details: `p_mac: ${b.p_mac}` });
  await onRouter(u, s.router_id, (d) =>
    // Gone from the router already (released there by hand): the portal's copy goes too.
    d.release(b.p_mac).catch((e: unknown) => {
      if (!(e instanceof RouterError && e.code === 'NOT_FOUND')) throw e;
    }),
  );
  await u.db.system((tx) => repo.deleteStaticLease(tx, s.router_id, b.p_mac));
  return { success: true, address: lease.address };
}

export async function updateComment(u: UserCtx, b: DhcpCommentBody): Promise<{ success: true }> {
  const s = await subnet(u, b.p_subnet);
  const lease = await u.db.system((tx) => repo.staticLeaseIn(tx, s.router_id, s.network, b.p_mac));
  if (!lease) throw new AppError('DHCP_RESERVATION_NOT_FOUND', { details: `p_mac: ${b.p_mac}` });
  await onRouter(u, s.router_id, (d) => d.setComment(b.p_mac, b.p_comment));
  await u.db.system((tx) => repo.setLeaseComment(tx, s.router_id, b.p_mac, b.p_comment));
  return { success: true };
}

export async function updateIpClient(u: UserCtx, b: IpUpdateClientBody): Promise<{ success: true }> {
  await u.db.system(async (tx) => {
    const s = await repo.subnetOfAddress(tx, b.p_ip);
    if (!s) throw new AppError('IP_NOT_PROVIDERS', { details: `p_ip: ${b.p_ip}` });
    const problem = hostProblem(b.p_ip, s.network, s.gateway);
    if (problem) throw new AppError('IP_NOT_IN_SUBNET', { details: `p_ip: ${problem} (${s.network})` });
    const server = await repo.serverUse(tx, b.p_ip);
    if (server) throw new AppError('IP_HELD_BY_SERVER', { details: `p_ip: ${server.use} ${server.server ?? ''}`.trim() });
    if (!(await repo.clientExists(tx, b.p_client)))
      throw new AppError('IP_CLIENT_UNKNOWN', { details: `p_client: ${b.p_client}` });
    await repo.setIpClient(tx, b.p_ip, b.p_client);
  });
  return { success: true };
}

export async function deleteIpClient(u: UserCtx, b: IpDeleteClientBody): Promise<{ success: true }> {
  const gone = await u.db.system((tx) => repo.deleteIpClient(tx, b.p_ip));
  if (!gone) throw new AppError('IP_CLIENT_NOT_SET', { details: `p_ip: ${b.p_ip}` });
  return { success: true };
}

/**
 * RegisterRouter (staff): the router's password sealed with the data key (never stored in the
 * clear nor answered); a CA must be a PEM certificate; an unknown location is refused. The router
 * is read at once (RoutersRebuild), so its subnets appear within seconds.
 */
export async function registerRouterCall(u: UserCtx, b: RegisterRouterBody): Promise<{ success: true; id: number }> {
  const caPem = b.p_ca_pem?.trim() ? b.p_ca_pem.trim() : null;
  if (caPem !== null) {
    try {
      new crypto.X509Certificate(caPem);
    } catch {
      throw new AppError('VALIDATION_FAILED', { details: 'p_ca_pem: invalid_data' });
    }
  }
  if (!(await u.db.system((tx) => repo.locationExists(tx, b.p_location))))
    throw new AppError('VALIDATION_FAILED', { details: 'p_location: invalid_data' });
  const id = await registerRouter(u.db.owner, u.secrets.dataKey, {
    name: b.p_name,
    location: b.p_location,
    driver: b.p_driver,
    address: b.p_address.replace(/\/+$/, ''),
    username: b.p_username,
    password: b.p_password,
    caPem,
  });
  await u.db.system((tx) => repo.requestSync(tx, id));
  await u.jobs.send(JobName.RoutersRebuild, { routerId: id }, { singletonKey: `routers-rebuild:${id}` });
  return { success: true, id };
}
