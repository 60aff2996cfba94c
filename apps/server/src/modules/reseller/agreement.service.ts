/**
 * The reseller agreement on the payment and service host (spec 2 §7 'reseller agreement generate,
 * download and submit'): the account's owner generates the PDF from the account's details, downloads
 * it, and uploads the signed copy (a PDF or a scan, judged by its bytes); staff then approve it
 * (reseller.service.ts). An approved agreement is final. Each change is in the account's log.
 */
import type { Readable } from 'node:stream';
import { messageText } from '@portside/contract/messages';
import { RESELLER_CONTRACT_MONTHS, agreementUploadType, type AgreementState } from '@portside/contract/schemas/reseller';
import type { Database, Tx } from '../../db/database.js';
import { newStorageKey, type FileStorage } from '../../drivers/storage/storage.js';
import { AppError } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { SignedUser } from '../../http/signed-path.repository.js';
import { writeAudit } from '../audit/audit.repository.js';
import { renderAgreementPdf } from './agreement-pdf.js';
import * as repo from './reseller.repository.js';

export interface AgreementDeps {
  db: Database;
  storage: FileStorage;
}

/** Runs `fn` in the signed user's account, for its owner only (a sub-user is refused, as on owner routes). */
async function asOwner<T>(deps: AgreementDeps, user: SignedUser, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.db.run({ kind: 'tenant', clientId: user.clientId, userId: user.userId }, async (tx) => {
    if (!(await repo.isOwner(tx, user.userId))) throw new AppError('OWNER_REQUIRED');
    return fn(tx);
  });
}

const audit = (tx: Tx, user: SignedUser, ip: string, action: string, what: string) =>
  writeAudit(tx, { clientId: user.clientId, userId: user.userId, email: user.email, action, target: what, result: 'ok', ip });

/** Removes blobs no row points at any more; a failure leaves an orphan, never a broken row. */
async function dropBlobs(storage: FileStorage, keys: ReadonlyArray<string | null>): Promise<void> {
  for (const key of keys) if (key) await storage.delete(key).catch(() => undefined);
}

/** Makes the agreement PDF from the account as it is now; a signed copy of an earlier one no longer counts. */
export async function generateAgreement(deps: AgreementDeps, user: SignedUser, ip: string): Promise<AgreementState> {
  const key = newStorageKey();
  let stored = false;
  try {
    const { state, old } = await asOwner(deps, user, async (tx) => {
      const r = await repo.lockOrCreateReseller(tx, user.clientId);
      if (r.agreement_status === 'approved') throw new AppError('RESELLER_ALREADY_APPROVED');
      const account = await repo.agreementParty(tx, user.clientId);
      if (!account) throw new AppError('NotFound');
      const pdf = await renderAgreementPdf(
        {
          reseller: account.party,
          commission_percent: r.commission_percent,
          months: RESELLER_CONTRACT_MONTHS,
          date: new Date().toISOString().slice(0, 10),
        },
        account.language,
      );
      await deps.storage.put(key, pdf);
      stored = true;
      const state = await repo.saveGenerated(tx, user.clientId, key);
      await audit(tx, user, ip, 'ResellerAgreementGenerate', 'reseller agreement');
      return { state, old: [r.agreement_key, r.signed_key] };
    });
    await dropBlobs(deps.storage, old);
    return state;
  } catch (e) {
    if (stored) await dropBlobs(deps.storage, [key]);
    throw e;
  }
}

/** The agreement PDF generated last, or AGREEMENT_NOT_GENERATED. */
export async function agreementDocument(deps: AgreementDeps, user: SignedUser): Promise<Readable> {
  const key = await asOwner(deps, user, async (tx) => (await repo.lockReseller(tx, user.clientId))?.agreement_key ?? null);
  const body = key ? await deps.storage.get(key) : null;
  if (!body) throw new AppError('AGREEMENT_NOT_GENERATED');
  return body;
}

/** A file name to keep: the client's name without path or control characters, else a plain one. */
function keptName(filename: string, mime: string): string {
  const base = filename
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
  return base || `signed-agreement.${mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg'}`;
}

/** Takes the signed copy of the generated agreement (a new upload replaces the last one until approval). */
export async function submitAgreement(
  deps: AgreementDeps,
  user: SignedUser,
  file: UploadedFile | undefined,
  ip: string,
): Promise<AgreementState> {
  const mime = file ? agreementUploadType(file.bytes) : null;
  if (!file || !mime) {
    throw new AppError('VALIDATION_FAILED', {
      details: 'file: agreement_file_invalid',
      hint: messageText('agreement_file_invalid'),
    });
  }
  const key = newStorageKey();
  let stored = false;
  try {
    const { state, old } = await asOwner(deps, user, async (tx) => {
      const r = await repo.lockReseller(tx, user.clientId);
      if (!r || r.agreement_status === 'none') throw new AppError('AGREEMENT_NOT_GENERATED');
      if (r.agreement_status === 'approved') throw new AppError('RESELLER_ALREADY_APPROVED');
      await deps.storage.put(key, file.bytes);
      stored = true;
      const name = keptName(file.filename, mime);
      const state = await repo.saveSubmitted(tx, user.clientId, { key, mime, name, size: file.bytes.length });
      await audit(tx, user, ip, 'ResellerAgreementSubmit', `reseller agreement "${name}"`);
      return { state, old: r.signed_key };
    });
    await dropBlobs(deps.storage, [old]);
    return state;
  } catch (e) {
    if (stored) await dropBlobs(deps.storage, [key]);
    throw e;
  }
}
