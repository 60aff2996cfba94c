/**
 * The staff side of identity verification: approving or rejecting a pending request, and the
 * document images (for staff any account's, for an owner their own).
 */
import type { Readable } from 'node:stream';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import { writeAudit } from '../audit/audit.repository.js';
import { formatRef, target } from '../audit/audit-target.js';
import * as repo from './verification.repository.js';

/**
 * Records the review of a pending request and gives the account its outcome. The account's own log
 * gets an entry too (the framework logs the call in the reviewer's account). Staff do not review
 * their own account.
 */
export async function reviewVerification(
  ctx: UserCtx,
  requestId: number,
  decision: 'approved' | 'rejected',
  reason: string | null,
) {
  const staff = ctx.principal;
  return ctx.db.system(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    if (!request) throw new AppError('NotFound', { details: `verification request ${requestId}` });
    if (request.status !== 'pending') {
      throw new AppError('VERIFICATION_STATE', {
        message: 'This request has already been reviewed',
        details: `status: ${request.status}`,
      });
    }
    if (request.client_id === staff.clientId) {
      throw new AppError('VERIFICATION_STATE', { message: 'Another member of staff must review your own account' });
    }
    await repo.reviewRequest(tx, request, { status: decision, reason, reviewerId: staff.userId });
    await writeAudit(tx, {
      clientId: request.client_id,
      userId: staff.userId,
      email: staff.email,
      action: decision === 'approved' ? 'VerificationApproved' : 'VerificationRejected',
      target: formatRef(target('verification request', request.id)),
      result: 'ok',
      ip: ctx.ip,
    });
    return { success: true, request: request.id, status: decision };
  });
}

/** A document id as it appears in the path: digits only; anything else is simply not found. */
function documentId(raw: string): number | null {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** The image of any kept document, for staff; each view is logged in the reviewer's account. */
export async function documentImageForStaff(
  ctx: UserCtx,
  rawId: string,
): Promise<{ body: Readable; contentType: string } | null> {
  const staff = ctx.principal;
  const id = documentId(rawId);
  if (id === null) return null;
  const doc = await ctx.db.system((tx) => repo.keptDocument(tx, id));
  const body = doc ? await ctx.storage.get(doc.storage_key) : null;
  if (!doc || !body) return null;
  await ctx.db.system((tx) =>
    writeAudit(tx, {
      clientId: staff.clientId,
      userId: staff.userId,
      email: staff.email,
      action: 'VerificationDocumentView',
      target: `document ${id} of account ${doc.client_id}`,
      result: 'ok',
      ip: ctx.ip,
    }),
  );
  return { body, contentType: doc.mime };
}

/** The image of one of the caller's own account's kept documents (the route is the owner's); others are not found. */
export async function ownDocumentImage(u: UserCtx, rawId: string): Promise<{ body: Readable; contentType: string } | null> {
  const id = documentId(rawId);
  if (id === null) return null;
  // Row-level security: a document of another account is invisible here.
  const doc = await u.tenant((tx) => repo.keptDocument(tx, id));
  const body = doc ? await u.storage.get(doc.storage_key) : null;
  return doc && body ? { body, contentType: doc.mime } : null;
}
