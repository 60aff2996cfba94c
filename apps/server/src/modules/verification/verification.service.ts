/**
 * Identity verification of an account by its owner (spec 1 §1): upload a photo ID and a selfie,
 * submit them for review; and the check other areas call before an account may order. Only the
 * owner verifies (the photo ID must be the account holder's): the routes are declared `owner`.
 */
import crypto from 'node:crypto';
import { detectImageType } from '@portside/contract/rules/image-type';
import type { VerificationStatus } from '@portside/contract/schemas/profile';
import type { DocumentType, UploadKind } from '@portside/contract/schemas/verification';
import type { Tx } from '../../db/database.js';
import { newStorageKey } from '../../drivers/storage/storage.js';
import type { UserCtx } from '../../routes/handler-context.js';
import type { UploadedFile } from '../../http/multipart.js';
import { AppError } from '../../http/errors.js';
import * as repo from './verification.repository.js';

/** The validated body of VerificationUpload. */
export interface UploadInput {
  kind: UploadKind;
  document_type?: DocumentType | undefined;
  file: UploadedFile;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** Uploads and submits are possible before the first submit and after a rejection. */
function assertOpen(status: VerificationStatus | null): void {
  if (status === 'pending') {
    throw new AppError('VERIFICATION_STATE', {
      message: 'Your documents are being reviewed',
      hint: 'Wait for the result of the review',
      details: 'verification_status: pending',
    });
  }
  if (status === 'approved') {
    throw new AppError('VERIFICATION_STATE', {
      message: 'Your identity is already verified',
      details: 'verification_status: approved',
    });
  }
}

/**
 * Stores an uploaded image as the account's draft of its kind, replacing an earlier draft of the
 * same kind. The bytes were checked by the schema (an accepted image under 2 MB); the same image
 * twice in the account is 'file already uploaded'.
 */
export async function uploadDocument(u: UserCtx, input: UploadInput) {
  const { bytes } = input.file;
  const mime = detectImageType(bytes);
  if (!mime) throw new AppError('VALIDATION_FAILED', { details: 'file: upload_invalid_image' });
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const storageKey = newStorageKey();
  let stored = false;
  let replaced: string[] = [];
  try {
    const document = await u.tenant(async (tx) => {
      assertOpen(await repo.lockAccountStatus(tx));
      if (await repo.hasKeptDocument(tx, sha256)) throw new AppError('UPLOAD_DUPLICATE');
      replaced = await repo.retireDraft(tx, input.kind);
      await u.storage.put(storageKey, bytes);
      stored = true;
      return repo.insertDocument(tx, {
        userId: u.principal.userId,
        kind: input.kind,
        documentType: input.kind === 'document' ? (input.document_type ?? null) : null,
        storageKey,
        sha256,
        mime,
        size: bytes.length,
      });
    });
    // The replaced drafts' rows are marked deleted now; their files go too.
    await Promise.all(replaced.map((key) => u.storage.delete(key).catch(() => undefined)));
    return { success: true, document };
  } catch (e) {
    if (stored) await u.storage.delete(storageKey).catch(() => undefined);
    // Two uploads of the same image racing each other: the unique index decides.
    if (isUniqueViolation(e)) throw new AppError('UPLOAD_DUPLICATE');
    throw e;
  }
}

/** Submits the account's drafts (one photo ID and one selfie) for review: the account is then pending. */
export async function submitVerification(u: UserCtx) {
  return u.tenant(async (tx) => {
    assertOpen(await repo.lockAccountStatus(tx));
    const drafts = await repo.draftDocuments(tx);
    const missing = (['document', 'selfie'] as const).filter((k) => !drafts.some((d) => d.kind === k));
    if (missing.length) throw new AppError('VERIFICATION_INCOMPLETE', { details: `missing: ${missing.join(', ')}` });
    const request = await repo.submitDrafts(tx, u.principal.userId);
    return { success: true, request, status: 'pending' as const };
  });
}

/**
 * Refuses (422 VERIFICATION_REQUIRED) unless the caller's account is verified ('approved'). Areas
 * that must not serve unverified accounts — ordering — call it first; inside their own tenant
 * transaction they pass it as `tx`.
 */
export async function requireVerified(u: UserCtx, tx?: Tx): Promise<void> {
  const status = tx ? await repo.accountStatus(tx) : await u.tenant((t) => repo.accountStatus(t));
  if (status !== 'approved') {
    throw new AppError('VERIFICATION_REQUIRED', { details: `verification_status: ${status ?? 'none'}` });
  }
}
