/**
 * The account's own addresses (spec 1 §4 'My IP': address and comment; kept by the web in the
 * session state `myIps` to fill firewall rules and IP sets quickly). Users add them (MyIPAdd,
 * beyond the spec) and the addresses they sign in from are listed by themselves.
 */
import type { MyIpRow } from '@portside/contract/schemas/network';
import { formatIpBlock, parseIpBlock } from '@portside/contract/rules/network';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import * as repo from './my-ips.repository.js';

/** MyIPAdd: an address or CIDR block with a comment. */
export async function addMyIp(u: Pick<UserCtx, 'tenant' | 'principal'>, address: string, comment?: string): Promise<MyIpRow> {
  const block = parseIpBlock(address);
  if (!block) throw new AppError('VALIDATION_FAILED', { details: 'p_address: ip_invalid' });
  const row = await u.tenant((tx) => repo.insertMyIp(tx, u.principal.clientId, formatIpBlock(block), comment ?? ''));
  if (!row) throw new AppError('IP_EXISTS', { details: `p_address: ${formatIpBlock(block)}` });
  return row;
}

/** IPDelete: an entry of the account's list. */
export async function deleteMyIp(u: Pick<UserCtx, 'tenant'>, id: number): Promise<{ id: number }> {
  if (!(await u.tenant((tx) => repo.deleteMyIp(tx, id)))) throw new AppError('IP_NOT_FOUND', { details: `p_id: ${id}` });
  return { id };
}
