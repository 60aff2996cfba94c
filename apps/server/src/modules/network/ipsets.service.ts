/**
 * The account's IP sets (issue 15; spec 1 §4 'IP set', §5: a name without spaces, IPs entered
 * comma separated, at most 1000 IPs per set and 50 IP sets per server). Limits are counted under
 * a lock of the set's row (entries) or of the servers' rows (attachments), so concurrent calls
 * cannot pass them together. A change of a set's entries is sent on to the clusters whose rules
 * name it (IpsetSync).
 */
import { LIMITS } from '@portside/contract/constants';
import type { AddIpsAnswer, IpsetEntry, IpsetRow } from '@portside/contract/schemas/network';
import { formatIpBlock, parseIpBlock, splitIpList } from '@portside/contract/rules/network';
import { AppError } from '../../http/errors.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import type { Tx } from '../../db/database.js';
import { JobName } from '../../jobs/job-types.js';
import * as repo from './ipsets.repository.js';

type Caller = Pick<Ctx, 'jobs'> & Pick<UserCtx, 'tenant' | 'principal'>;

const pgCode = (e: unknown) => (e as { code?: string }).code;
const notFound = (id: number) => new AppError('IPSET_NOT_FOUND', { details: `p_ipset: ${id}` });

async function lockOwn(tx: Tx, id: number) {
  const set = await repo.lockIpset(tx, id);
  if (!set) throw notFound(id);
  return set;
}

/** Sends the set's entries on to the clusters (after the commit; the sweep of the queue retries a lost send). */
function sync(u: Caller, id: number): Promise<void> {
  return u.jobs
    .send(JobName.IpsetSync, { ipsetId: id }, { singletonKey: `ipset-${id}` })
    .then(() => undefined)
    .catch(() => undefined);
}

/** Adds entries under the set's lock, refusing to go over the limit (nothing is added then). */
async function addEntries(tx: Tx, id: number, clientId: string, text: string): Promise<AddIpsAnswer> {
  const parsed = splitIpList(text);
  if (parsed.invalid.length)
    throw new AppError('VALIDATION_FAILED', { details: `p_ips: ip_list_invalid (${parsed.invalid.slice(0, 10).join(', ')})` });
  const have = await repo.entryCount(tx, id);
  const known = await repo.existingEntries(tx, id, parsed.ips);
  const fresh = parsed.ips.filter((ip) => !known.has(ip));
  if (have + fresh.length > LIMITS.ipsPerSet)
    throw new AppError('IPSET_FULL', {
      details: `the set has ${have}, adding ${fresh.length} would make ${have + fresh.length} (limit ${LIMITS.ipsPerSet})`,
    });
  const added = await repo.insertEntries(tx, id, clientId, fresh);
  return { added, duplicates: parsed.duplicates + known.size, count: have + added };
}

/** CreateIpset: a new set with a name unique in the account, optionally with its first IPs. */
export async function createIpset(
  u: Caller,
  name: string,
  comment: string | undefined,
  ips: string | undefined,
): Promise<{ ipset: number; name: string } & AddIpsAnswer> {
  return u.tenant(async (tx) => {
    const id = await repo.insertIpset(tx, u.principal.clientId, name, comment ?? '');
    if (id === null) throw new AppError('IPSET_NAME_TAKEN', { details: `p_name: ${name}` });
    const added = ips && ips.trim() ? await addEntries(tx, id, u.principal.clientId, ips) : { added: 0, duplicates: 0, count: 0 };
    return { ipset: id, name, ...added };
  });
}

/** PATCH MyIpsets: a new name and/or comment. */
export async function updateIpset(u: Caller, id: number, name?: string, comment?: string): Promise<IpsetRow[]> {
  return u.tenant(async (tx) => {
    await lockOwn(tx, id);
    if (!(await repo.updateIpset(tx, id, name, comment))) throw new AppError('IPSET_NAME_TAKEN', { details: `name: ${name}` });
    return [(await repo.ipsetRow(tx, id))!];
  });
}

/** DeleteIpset: the set, detached from its servers; refused while a firewall rule names it. */
export async function deleteIpset(u: Caller, id: number): Promise<{ ipset: number }> {
  await u
    .tenant(async (tx) => {
      await lockOwn(tx, id);
      await repo.deleteIpset(tx, id);
    })
    .catch((e: unknown) => {
      if (pgCode(e) === '23503') throw new AppError('IPSET_IN_USE', { details: `p_ipset: ${id}` });
      throw e;
    });
  return { ipset: id };
}

/** GetIPsFromIpset: the set's entries by address. */
export async function ipsOf(u: Caller, id: number): Promise<IpsetEntry[]> {
  return u.tenant(async (tx) => {
    if (!(await repo.ipsetRow(tx, id))) throw notFound(id);
    return repo.entries(tx, id);
  });
}

/** AddIPsToIpsets: comma separated IPs; repeats removed; at most 1000 in the set. */
export async function addIps(u: Caller, id: number, text: string): Promise<AddIpsAnswer> {
  const out = await u.tenant(async (tx) => {
    const set = await lockOwn(tx, id);
    return addEntries(tx, id, set.client_id, text);
  });
  if (out.added) await sync(u, id);
  return out;
}

/** DeleteIpFromIpset: entries of the set, as GetIPsFromIpset names them. */
export async function deleteIps(u: Caller, id: number, ips: string[]): Promise<{ removed: number; count: number }> {
  const blocks = ips.map((ip) => parseIpBlock(ip));
  const bad = ips.filter((_, i) => !blocks[i]);
  if (bad.length) throw new AppError('VALIDATION_FAILED', { details: `p_ips: ip_list_invalid (${bad.slice(0, 10).join(', ')})` });
  const out = await u.tenant(async (tx) => {
    await lockOwn(tx, id);
    const removed = await repo.deleteEntries(
      tx,
      id,
      blocks.map((b) => formatIpBlock(b!)),
    );
    return { removed, count: await repo.entryCount(tx, id) };
  });
  if (out.removed) await sync(u, id);
  return out;
}

/** AddIpsetToVMs: the set attached to servers of the account, at most 50 sets per server. */
export async function attachIpset(u: Caller, id: number, servers: number[]): Promise<{ attached: number }> {
  return u.tenant(async (tx) => {
    const set = await lockOwn(tx, id);
    const rows = await repo.lockServersForAttach(tx, servers, id);
    const missing = servers.filter((s) => !rows.some((r) => r.provisioned_id === s));
    if (missing.length)
      throw new AppError('NotFound', {
        hint: 'No server with this id in your account',
        details: `p_provisioned_ids: ${missing.join(', ')}`,
      });
    const full = rows.filter((r) => !r.attached && r.others >= LIMITS.ipsetsPerServer);
    if (full.length)
      throw new AppError('IPSET_SERVER_LIMIT', {
        details: full.map((r) => `${r.name} (#${r.provisioned_id}) has ${r.others} IP sets`).join('; '),
      });
    return { attached: await repo.attach(tx, id, set.client_id, servers) };
  });
}

/** DeleteIpsetFromVMs: the set detached from servers; refused while a rule of that server names it. */
export async function detachIpset(u: Caller, id: number, servers: number[]): Promise<{ detached: number }> {
  return u
    .tenant(async (tx) => {
      await lockOwn(tx, id);
      return { detached: await repo.detach(tx, id, servers) };
    })
    .catch((e: unknown) => {
      if (pgCode(e) === '23503')
        throw new AppError('IPSET_IN_USE', { hint: 'Change or delete the server’s firewall rules that name it first' });
      throw e;
    });
}
