import { ACCOUNT_DELETE } from '@portside/contract/schemas/settings';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import * as repo from './account-deletion.repository.js';

/**
 * AccountDelete (spec 1 §1, §5): immediate and irreversible. In one transaction it archives the
 * registration data offline (kept 6 months), deletes the account's users (so every session's token
 * is refused as revoked), claims, codes, projects and every other row of the account, its mails,
 * and its log except the entry of this deletion, which the framework writes afterwards. When
 * invoices were issued, the account row stays as a tombstone with only its billing data. The ID
 * document files and uploads are removed from storage once the transaction has committed.
 */
export async function deleteAccount(u: UserCtx): Promise<{ success: true; billing_kept: boolean }> {
  return deleteAccountById(u, u.principal.clientId);
}

/**
 * The same deletion of any account (the staff's ClientDelete, issue 18), so that staff deleting a
 * customer follow exactly the rules of the customer's own deletion. A missing or already deleted
 * account is JWT_REVOKED for its owner's own call; callers deleting another account check first.
 */
export async function deleteAccountById(
  u: Pick<UserCtx, 'db' | 'storage'>,
  clientId: string,
): Promise<{ success: true; billing_kept: boolean }> {
  const { keep: billingKept, files } = await u.db.system(async (tx) => {
    // A second deletion racing this one finds the account gone once the first has committed.
    if (!(await repo.lockAccount(tx, clientId))) throw new AppError('JWT_REVOKED');
    const keep = await repo.billingRecordsExist(tx, clientId);
    const users = await repo.accountUsers(tx, clientId);
    const documentKeys = await repo.documentStorageKeys(tx, clientId);
    await repo.archiveRegistration(tx, clientId, keep, ACCOUNT_DELETE.retentionMonths);
    await repo.deleteAccountRows(
      tx,
      clientId,
      keep ? { all: true, keep: await repo.billingTables(tx) } : { all: false, keep: [] },
    );
    await repo.deleteMailsTo(
      tx,
      users.map((x) => x.email),
    );
    if (keep) await repo.keepBillingTombstone(tx, clientId);
    else await repo.deleteClient(tx, clientId);
    await repo.purgeLog(tx, clientId);
    await repo.purgeExpiredArchive(tx);
    return { keep, files: documentKeys };
  });
  // Deleting a missing file is not an error, so a retry after a crash here is harmless.
  await Promise.all(files.map((key) => u.storage.delete(key)));
  return { success: true, billing_kept: billingKept };
}
