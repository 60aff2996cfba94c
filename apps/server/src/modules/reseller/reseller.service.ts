/**
 * The reseller programme's rules (issue 17): a registration through an approved reseller's code
 * makes a contract; a reseller asks for a contract with an existing customer (RequestContract) and
 * staff decide; staff approve an uploaded agreement, which gives the account its referrer code;
 * a reseller's client files are filed only under its own clients. Another account's client is not
 * found, whatever the call.
 */
import crypto from 'node:crypto';
import {
  CONTRACT_REQUESTS_PER_DAY,
  RESELLER_CODE_LENGTH,
  RESELLER_CONTRACT_MONTHS,
  isResellerCode,
  type RequestContractAnswer,
} from '@portside/contract/schemas/reseller';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import type { UserCtx } from '../../routes/handler-context.js';
import * as repo from './reseller.repository.js';

const DAY_SECONDS = 86_400;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A random referrer code: five upper-case letters, never DBSSH. */
export function newReferrerCode(): string {
  for (;;) {
    const code = Array.from({ length: RESELLER_CODE_LENGTH }, () => LETTERS[crypto.randomInt(LETTERS.length)]).join('');
    if (isResellerCode(code)) return code;
  }
}

/** A VAT number compared as its letters and digits, upper-cased ('pt 509 876 543' = 'PT509876543'). */
const vatKey = (v: string | null | undefined) => (v ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * On registration (auth, in its system transaction): when `referrer` is the code of an approved,
 * live reseller, the new account becomes its client for 24 months at its commission percent.
 * A code of no approved reseller is ignored (the account keeps it as clients.referrer). A
 * registration with the reseller's own VAT number is the reseller itself: no contract.
 */
export async function recordReferral(
  tx: Tx,
  r: { clientId: string; referrer: string | null | undefined; vatNumber: string | null | undefined },
): Promise<number | null> {
  if (!isResellerCode(r.referrer)) return null;
  const reseller = await repo.approvedResellerByCode(tx, r.referrer);
  if (!reseller || reseller.client_id === r.clientId) return null;
  if (vatKey(r.vatNumber) !== '' && vatKey(r.vatNumber) === vatKey(reseller.vat_number)) return null;
  return repo.insertContract(tx, {
    resellerId: reseller.client_id,
    clientId: r.clientId,
    origin: 'referral',
    percent: reseller.commission_percent,
    months: RESELLER_CONTRACT_MONTHS,
  });
}

/**
 * RequestContract {p_email}: a pending request for staff to put an existing customer under
 * contract with the caller. Only an approved reseller may ask, at most CONTRACT_REQUESTS_PER_DAY
 * times a day (refusals count). Its own account is refused; an unknown address and a customer
 * who has a reseller get one and the same refusal, so addresses cannot be probed.
 */
export async function requestContract(u: UserCtx, email: string): Promise<RequestContractAnswer> {
  const rateKey = `contract-request:${u.principal.clientId}`;
  await u.db.system((tx) => checkRate(tx, rateKey, CONTRACT_REQUESTS_PER_DAY, DAY_SECONDS));
  await u.db.system((tx) => recordRate(tx, rateKey));
  return u.tenant(async (tx) => {
    const me = await repo.lockReseller(tx, u.principal.clientId);
    if (me?.agreement_status !== 'approved') throw new AppError('RESELLER_NOT_APPROVED');
    const target = await repo.contractTarget(tx, email);
    if (target?.verdict === 'own') throw new AppError('CONTRACT_REQUEST_OWN_ACCOUNT');
    if (!target || target.verdict !== 'eligible') throw new AppError('CONTRACT_REQUEST_REFUSED', { details: 'p_email' });
    return repo.pendingRequest(tx, { email, clientId: target.client, userId: u.principal.userId });
  });
}

/** ApproveContract {p_request} (staff): the pending request becomes a contract of 24 months. */
export async function approveContract(u: UserCtx, requestId: number): Promise<{ request: number; contract: number }> {
  return u.db.system(async (tx) => {
    const q = await repo.lockRequest(tx, requestId);
    if (!q) throw new AppError('CONTRACT_REQUEST_NOT_FOUND');
    if (q.status !== 'pending') throw new AppError('CONTRACT_REQUEST_DECIDED', { details: q.status });
    const reseller = await repo.approvedReseller(tx, q.reseller_id);
    if (!reseller) throw new AppError('RESELLER_NOT_APPROVED');
    const contract = await repo.insertContract(tx, {
      resellerId: q.reseller_id,
      clientId: q.target_client_id,
      origin: 'request',
      percent: reseller.commission_percent,
      months: RESELLER_CONTRACT_MONTHS,
    });
    if (contract === null) throw new AppError('CLIENT_HAS_RESELLER');
    await repo.decideRequest(tx, { id: q.id, status: 'approved', by: u.principal.userId, contractId: contract });
    return { request: q.id, contract };
  });
}

/** RejectContractRequest {p_request} (staff): the pending request is turned down. */
export async function rejectContractRequest(u: UserCtx, requestId: number): Promise<{ request: number; status: 'rejected' }> {
  return u.db.system(async (tx) => {
    const q = await repo.lockRequest(tx, requestId);
    if (!q) throw new AppError('CONTRACT_REQUEST_NOT_FOUND');
    if (q.status !== 'pending') throw new AppError('CONTRACT_REQUEST_DECIDED', { details: q.status });
    await repo.decideRequest(tx, { id: q.id, status: 'rejected', by: u.principal.userId, contractId: null });
    return { request: q.id, status: 'rejected' };
  });
}

/**
 * ApproveResellerAgreement {p_client} (staff): an uploaded agreement is approved and the account
 * gets its referrer code (a random one not taken yet).
 */
export async function approveAgreement(u: UserCtx, clientId: string): Promise<{ client: string; referrer_code: string }> {
  return u.db.system(async (tx) => {
    const r = await repo.lockReseller(tx, clientId);
    if (!r) throw new AppError('RESELLER_NOT_FOUND');
    if (r.agreement_status === 'approved') throw new AppError('RESELLER_ALREADY_APPROVED');
    if (r.agreement_status !== 'submitted') throw new AppError('AGREEMENT_NOT_SUBMITTED', { details: r.agreement_status });
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = newReferrerCode();
      if (await repo.approve(tx, clientId, code, u.principal.userId)) return { client: clientId, referrer_code: code };
    }
    throw new Error('no free referrer code found');
  });
}

/** Refuses (RESELLER_CLIENT_NOT_FOUND) a client that is not under contract with the caller. */
export async function assertContractedClient(u: UserCtx, clientId: string): Promise<void> {
  const ok = await u.tenant((tx) => repo.isOwnContractClient(tx, clientId));
  if (!ok) throw new AppError('RESELLER_CLIENT_NOT_FOUND', { details: 'p_client' });
}

/** GET /api/ClientFile/:id: one of the caller's client files, or not found. */
export async function clientFile(u: UserCtx, rawId: string) {
  if (!/^\d{1,15}$/.test(rawId)) return null;
  const f = await u.tenant((tx) => repo.ownClientFile(tx, Number(rawId)));
  const body = f ? await u.storage.get(f.storage_key) : null;
  return f && body ? { body, contentType: f.mime, filename: f.name } : null;
}

/** GET /api/ResellerSignedAgreement/:client (staff): the signed copy an account uploaded. */
export async function signedAgreementFile(u: UserCtx, rawClient: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(rawClient)) return null;
  const s = await u.db.system((tx) => repo.signedCopy(tx, rawClient.toLowerCase()));
  const body = s ? await u.storage.get(s.key) : null;
  return s && body ? { body, contentType: s.mime, filename: s.name, attachment: true } : null;
}
