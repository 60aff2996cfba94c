/**
 * Custom domains (issue 15): a domain of the customer pointing at one of the account's servers,
 * proven by a TXT record the portal looks up through the DNS driver. An account lists a domain
 * once; a verified domain belongs to one account only (claims that were never verified do not
 * block the real owner). Unverified domains are looked up by the network sweep and on request.
 */
import crypto from 'node:crypto';
import { domainChallenge } from '@portside/contract/rules/network';
import type { DomainAddAnswer } from '@portside/contract/schemas/network';
import { AppError } from '../../http/errors.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import type { Tx } from '../../db/database.js';
import type { DnsDriver } from '../../drivers/dns/dns.js';
import type { JobDeps } from '../../jobs/job-types.js';
import { findVm } from '../vms/vms.repository.js';
import * as repo from './domains.repository.js';

type Caller = Pick<UserCtx, 'tenant' | 'principal'>;

const notFound = (id: number) => new AppError('DOMAIN_NOT_FOUND', { details: `p_id: ${id}` });

async function ownServer(tx: Tx, id: number): Promise<void> {
  if (!(await findVm(tx, id)))
    throw new AppError('NotFound', { hint: 'No server with this id in your account', details: `p_provisioned_id: ${id}` });
}

/** A random 32-character token (128 bits in hex). */
const newToken = () => crypto.randomBytes(16).toString('hex');

/** MyDomainAdd: the domain pointing at a server of the account; answers the TXT record to create. */
export async function addDomain(u: Caller, domain: string, serverId: number): Promise<DomainAddAnswer> {
  const token = newToken();
  const id = await u.tenant(async (tx) => {
    await ownServer(tx, serverId);
    if (await repo.verifiedElsewhere(tx, domain)) throw new AppError('DOMAIN_TAKEN', { details: `p_domain: ${domain}` });
    const inserted = await repo.insertDomain(tx, u.principal.clientId, domain, serverId, token);
    if (inserted === null) throw new AppError('DOMAIN_EXISTS', { details: `p_domain: ${domain}` });
    return inserted;
  });
  const c = domainChallenge(domain, token);
  return { id, challenge_name: c.name, challenge_value: c.value };
}

/** MyDomainEdit: the domain pointing at another server of the account. */
export async function editDomain(u: Caller, id: number, serverId: number): Promise<{ id: number }> {
  await u.tenant(async (tx) => {
    if (!(await repo.findDomain(tx, id, true))) throw notFound(id);
    await ownServer(tx, serverId);
    await repo.pointDomain(tx, id, serverId);
  });
  return { id };
}

/** MyDomainDelete. */
export async function deleteDomain(u: Caller, id: number): Promise<{ id: number }> {
  if (!(await u.tenant((tx) => repo.deleteDomain(tx, id)))) throw notFound(id);
  return { id };
}

/** Whether the domain's TXT records hold its challenge (DnsError when the DNS does not answer). */
async function proven(dns: DnsDriver, d: repo.DomainRecord): Promise<boolean> {
  const c = domainChallenge(d.domain, d.token);
  const values = await dns.txt(c.name);
  return values.some((v) => v.trim() === c.value);
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** MyDomainVerify (beyond the spec): the TXT record looked up now. */
export async function verifyDomain(
  u: Caller & Pick<Ctx, 'network'>,
  id: number,
): Promise<{ verified: true; verified_at: string }> {
  const d = await u.tenant((tx) => repo.findDomain(tx, id));
  if (!d) throw notFound(id);
  if (d.verified_at) return { verified: true, verified_at: d.verified_at.toISOString() };
  const ok = await proven(u.network.dns, d).catch(() => {
    throw new AppError('DNS_UNAVAILABLE');
  });
  const at = await u
    .tenant((tx) => repo.markChecked(tx, id, ok))
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw new AppError('DOMAIN_TAKEN', { details: `domain: ${d.domain}` });
      throw e;
    });
  if (!ok || !at) {
    const c = domainChallenge(d.domain, d.token);
    throw new AppError('DOMAIN_NOT_VERIFIED', { details: `${c.name} TXT "${c.value}"` });
  }
  return { verified: true, verified_at: at.toISOString() };
}

/** The sweep's part: unverified domains due for a lookup; answers how many were verified. */
export async function checkDomains(deps: JobDeps): Promise<{ checked: number; verified: number }> {
  const due = await deps.db.system((tx) => repo.domainsDue(tx, 50));
  let verified = 0;
  for (const d of due) {
    const ok = await proven(deps.network.dns, d).catch(() => null);
    if (ok === null) break; // The DNS is down: the next run tries again.
    const at = await deps.db
      .system((tx) => repo.markChecked(tx, d.id, ok))
      .catch((e: unknown) => {
        if (isUniqueViolation(e)) return null;
        throw e;
      });
    if (ok && at) verified++;
  }
  return { checked: due.length, verified };
}
