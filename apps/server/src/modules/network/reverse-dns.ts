/**
 * Reverse DNS of the addresses the provider assigned (issue 15, beyond the spec as Hetzner and
 * DigitalOcean offer it): SetReverseDns keeps the name and queues its push; the ReverseDnsPush job
 * writes it through the DNS driver (the provider's default name when reset) and settles its state.
 */
import type { SystemIpRow } from '@portside/contract/schemas/network';
import { AppError } from '../../http/errors.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import { DnsError } from '../../drivers/dns/dns.js';
import { JobName, JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import * as repo from './addresses.repository.js';

type Caller = Pick<Ctx, 'jobs'> & Pick<UserCtx, 'tenant' | 'principal'>;

function push(jobs: Pick<Ctx, 'jobs'>['jobs'], provisionedId: number, address: string): Promise<unknown> {
  return jobs
    .send(JobName.ReverseDnsPush, { provisionedId, address }, { singletonKey: `ptr-${provisionedId}-${address}` })
    .catch(() => null);
}

/** SetReverseDns: the reverse name of an address of one of the account's servers ('' for the default). */
export async function setReverseDns(
  u: Caller,
  address: string,
  hostname: string,
): Promise<Pick<SystemIpRow, 'address' | 'ptr' | 'ptr_state'>> {
  const server = await u.tenant(async (tx) => {
    const s = await repo.serverHolding(tx, address);
    if (!s) throw new AppError('ADDRESS_NOT_YOURS', { details: `p_address: ${address}` });
    await repo.upsertPtr(tx, s, address, hostname === '' ? null : hostname);
    return s;
  });
  await push(u.jobs, server.provisioned_id, address);
  return { address, ptr: hostname === '' ? null : hostname, ptr_state: 'pending' };
}

/** ReverseDnsPush: the address's name written to the DNS; a refusal marks it failed, an outage is retried. */
export async function pushReverseDns(deps: JobDeps, provisionedId: number, address: string): Promise<JobResult> {
  const p = await deps.db.system((tx) => repo.ptrToPush(tx, provisionedId, address));
  if (!p) return { status: JobStatus.Skipped, detail: `no reverse name kept for ${address}` };
  if (!p.held) {
    await deps.db.system((tx) => repo.dropPtr(tx, provisionedId, address));
    return { status: JobStatus.Skipped, detail: `${address} no longer belongs to server ${provisionedId}` };
  }
  try {
    await deps.network.dns.setPtr(address, p.name);
  } catch (e) {
    if (e instanceof DnsError && e.code === 'REFUSED') {
      await deps.db.system((tx) => repo.settlePtr(tx, provisionedId, address, p.updated_at, 'failed'));
      return { status: JobStatus.Failed, detail: `${address}: the DNS refused ${p.name}: ${e.message}` };
    }
    throw e;
  }
  await deps.db.system((tx) => repo.settlePtr(tx, provisionedId, address, p.updated_at, 'ok'));
  return { status: JobStatus.Success, detail: `${address} → ${p.name}` };
}

/** The sweep's part: pending names whose push was lost are sent again. */
export async function resendStalePtrs(deps: JobDeps): Promise<number> {
  const stale = await deps.db.system((tx) => repo.stalePtrs(tx));
  for (const s of stale) await push(deps.jobs, s.provisioned_id, s.address);
  return stale.length;
}
