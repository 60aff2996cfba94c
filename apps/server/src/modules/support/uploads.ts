/**
 * FileUpload (spec 2 §7 'Tickets and files', §9 'Uploads'): an image under 2 MB judged by its bytes
 * (the schema's check), for tickets only jpg or png; the same bytes twice in an account's files of
 * one purpose (and, for a reseller's client files, of one client) are 'file already uploaded'. The
 * file is kept in the storage driver and attached to a ticket or comment later by its id.
 */
import crypto from 'node:crypto';
import { detectImageType, imageExtension } from '@portside/contract/rules/image-type';
import { TICKET_ATTACHMENT_TYPES, type FileCategory } from '@portside/contract/schemas/support';
import { newStorageKey } from '../../drivers/storage/storage.js';
import type { UploadedFile } from '../../http/multipart.js';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import * as repo from './files.repository.js';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** A file name to keep: the client's name without path or control characters, else one from the type. */
function keptName(filename: string, mime: Parameters<typeof imageExtension>[0]): string {
  const base = filename
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
  return base || `image.${imageExtension(mime)}`;
}

export async function uploadFile(u: UserCtx, input: { p_category: FileCategory; p_client?: string | null; file: UploadedFile }) {
  const { bytes } = input.file;
  const mime = detectImageType(bytes);
  if (!mime) throw new AppError('VALIDATION_FAILED', { details: 'file: upload_invalid_image' });
  if (input.p_category === 'ticket' && !(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(mime)) {
    throw new AppError('VALIDATION_FAILED', { details: 'file: ticket_attachment_type' });
  }
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const storageKey = newStorageKey();
  let stored = false;
  try {
    return await u.tenant(async (tx) => {
      const forClient = input.p_category === 'client' ? (input.p_client ?? null) : null;
      if (await repo.hasFile(tx, input.p_category, forClient, sha256)) throw new AppError('UPLOAD_DUPLICATE');
      await u.storage.put(storageKey, bytes);
      stored = true;
      return repo.insertFile(tx, {
        userId: u.principal.userId,
        category: input.p_category,
        forClient,
        name: keptName(input.file.filename, mime),
        mime,
        size: bytes.length,
        sha256,
        storageKey,
      });
    });
  } catch (e) {
    if (stored) await u.storage.delete(storageKey).catch(() => undefined);
    // The same image uploaded twice at once: the unique index decides.
    if (isUniqueViolation(e)) throw new AppError('UPLOAD_DUPLICATE');
    throw e;
  }
}
