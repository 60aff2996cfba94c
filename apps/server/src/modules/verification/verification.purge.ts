/**
 * The retention rule of spec 2 §9 ('registration data kept offline for 6 months'): documents are
 * deleted 6 months after their review — the file from storage, the row marked deleted_at — and
 * drafts never submitted 6 months after their upload. Safe to run twice: a deleted document is not
 * selected again, and deleting a file that is already gone is not an error.
 */
import { VERIFICATION_RETENTION_MONTHS } from '@portside/contract/schemas/verification';
import type { Database } from '../../db/database.js';
import type { FileStorage } from '../../drivers/storage/storage.js';
import { errorField, type Logger } from '../../logger.js';
import { writeAudit } from '../audit/audit.repository.js';
import * as repo from './verification.repository.js';

const BATCH = 200;

export interface PurgeResult {
  deleted: number;
  failed: number;
}

/** Deletes every document past retention; a file that cannot be deleted is kept and counted as failed. */
export async function purgeVerificationDocuments(
  deps: { db: Database; storage: FileStorage; logger: Logger },
  months = VERIFICATION_RETENTION_MONTHS,
): Promise<PurgeResult> {
  const perAccount = new Map<string, number>();
  let failed = 0;
  let afterId = 0;
  for (;;) {
    const due = await deps.db.system((tx) => repo.documentsDueForPurge(tx, months, afterId, BATCH));
    if (due.length === 0) break;
    for (const doc of due) {
      afterId = doc.id;
      try {
        // The file first: should the process stop in between, the next run deletes it again.
        await deps.storage.delete(doc.storage_key);
        if (await deps.db.system((tx) => repo.markDocumentDeleted(tx, doc.id))) {
          perAccount.set(doc.client_id, (perAccount.get(doc.client_id) ?? 0) + 1);
        }
      } catch (e) {
        failed++;
        deps.logger.warn({ document: doc.id, err: errorField(e) }, 'verification document not purged');
      }
    }
  }
  if (perAccount.size > 0) {
    await deps.db.system(async (tx) => {
      for (const [clientId, n] of perAccount) {
        await writeAudit(tx, {
          clientId,
          userId: null,
          email: null,
          action: 'VerificationDocumentsPurged',
          target: `${n} document${n === 1 ? '' : 's'}`,
          result: 'ok',
          ip: 'worker',
        });
      }
    });
  }
  return { deleted: [...perAccount.values()].reduce((a, b) => a + b, 0), failed };
}
