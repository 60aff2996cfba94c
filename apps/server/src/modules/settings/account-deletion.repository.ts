import type { Tx } from '../../db/database.js';

// Account deletion runs in one system transaction: it spans the account's tables and the
// system-only mail outbox, and every statement names the account explicitly.

export interface AccountUser {
  id: string;
  email: string;
}

/** Locks the account row; null when it is gone or already deleted. */
export async function lockAccount(tx: Tx, clientId: string): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM clients WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [clientId]);
  return r.rowCount === 1;
}

export async function accountUsers(tx: Tx, clientId: string): Promise<AccountUser[]> {
  const r = await tx.query<AccountUser>(`SELECT id, email FROM users WHERE client_id = $1`, [clientId]);
  return r.rows;
}

/** Whether invoices were issued to the account (billing_records_exist, replaced by the billing issue). */
export async function billingRecordsExist(tx: Tx, clientId: string): Promise<boolean> {
  const r = await tx.query<{ exists: boolean }>(`SELECT billing_records_exist($1) AS exists`, [clientId]);
  return r.rows[0]!.exists;
}

/**
 * Copies the registration data (the account row and its users, never password hashes) to the
 * offline archive, to be purged after `months` months.
 */
export async function archiveRegistration(tx: Tx, clientId: string, billingKept: boolean, months: number): Promise<void> {
  await tx.query(
    `INSERT INTO account_archive (client_id, registration, billing_kept, purge_after)
     SELECT c.id, jsonb_build_object(
              'client', to_jsonb(c),
              'users', coalesce((SELECT jsonb_agg(jsonb_build_object('email', u.email, 'first_name', u.first_name,
                  'last_name', u.last_name, 'is_owner', u.is_owner, 'created_at', u.created_at,
                  'email_confirmed_at', u.email_confirmed_at)) FROM users u WHERE u.client_id = c.id), '[]'::jsonb)),
            $2, now() + make_interval(months => $3)
       FROM clients c WHERE c.id = $1`,
    [clientId, billingKept, months],
  );
}

/**
 * Deletes the account's rows from the tables that reference clients (users — and with them claims
 * and codes —, projects, and whatever later issues add), except the audit log and `keep`.
 * With `all` false only tables whose foreign key does not cascade are emptied (deleting the
 * account row then cascades to the rest); with `all` true every table is, because the row stays.
 * Tables the application may not delete from (their own module purges them on its retention
 * schedule) are left to that module. Tables referencing each other are retried in later passes.
 */
export async function deleteAccountRows(
  tx: Tx,
  clientId: string,
  opts: { all: boolean; keep: readonly string[] },
): Promise<void> {
  const fks = await tx.query<{ tbl: string; col: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, quote_ident(a.attname) AS col
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'clients'::regclass AND cardinality(c.conkey) = 1
        AND c.conrelid <> 'clients'::regclass AND NOT (c.conrelid::regclass::text = ANY ($1::text[]))
        AND ($2 OR c.confdeltype <> 'c') AND has_table_privilege(c.conrelid, 'DELETE')`,
    [['audit_log', 'account_archive', ...opts.keep], opts.all],
  );
  let pending = fks.rows;
  let lastError: unknown = null;
  while (pending.length > 0) {
    const failed: typeof pending = [];
    for (const fk of pending) {
      // Names come from the catalogue (regclass text and quote_ident), never from input.
      await tx.query('SAVEPOINT purge_table');
      try {
        await tx.query(`DELETE FROM ${fk.tbl} WHERE ${fk.col} = $1`, [clientId]);
        await tx.query('RELEASE SAVEPOINT purge_table');
      } catch (e) {
        await tx.query('ROLLBACK TO SAVEPOINT purge_table');
        if ((e as { code?: string }).code !== '23503') throw e;
        failed.push(fk);
        lastError = e;
      }
    }
    if (failed.length === pending.length) throw lastError;
    pending = failed;
  }
}

/** The billing tables to keep (billing_tables(), extended by the billing issue). */
export async function billingTables(tx: Tx): Promise<string[]> {
  const r = await tx.query<{ t: string[] }>(`SELECT billing_tables() AS t`);
  return r.rows[0]!.t;
}

/** Mails sent to the account's addresses (the developer mailbox / outbox). */
export async function deleteMailsTo(tx: Tx, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.query(`DELETE FROM mail_outbox WHERE lower(to_address) = ANY ($1::text[])`, [emails.map((e) => e.toLowerCase())]);
}

/**
 * Keeps the account row for its invoices with only the billing data: name, company, address,
 * phone, VAT number and billing link. Everything else personal is cleared.
 */
export async function keepBillingTombstone(tx: Tx, clientId: string): Promise<void> {
  await tx.query(
    `UPDATE clients SET telegram_id = NULL, telegram_pending = false, telegram_requested_at = NULL, referrer = NULL,
            voucher_code = NULL, timezone = 'UTC', verification_status = 'none', deleted_at = now()
      WHERE id = $1`,
    [clientId],
  );
}

export async function deleteClient(tx: Tx, clientId: string): Promise<void> {
  await tx.query(`DELETE FROM clients WHERE id = $1`, [clientId]);
}

/** Removes the account's log apart from entries of the deletion itself (purge_deleted_account_log). */
export async function purgeLog(tx: Tx, clientId: string): Promise<void> {
  await tx.query(`SELECT purge_deleted_account_log($1)`, [clientId]);
}

/** Removes archived registration data past its retention. */
export async function purgeExpiredArchive(tx: Tx): Promise<void> {
  await tx.query(`SELECT purge_account_archive()`);
}

/**
 * The storage keys of the account's ID documents, uploads (ticket attachments, client files) and
 * reseller agreement (generated and signed), so their files go with the account.
 */
export async function documentStorageKeys(tx: Tx, clientId: string): Promise<string[]> {
  const r = await tx.query<{ storage_key: string }>(
    `SELECT storage_key FROM verification_documents WHERE client_id = $1
     UNION ALL SELECT storage_key FROM files WHERE client_id = $1
     UNION ALL SELECT k FROM resellers r, unnest(ARRAY[r.agreement_key, r.signed_key]) AS k WHERE r.client_id = $1 AND k IS NOT NULL`,
    [clientId],
  );
  return r.rows.map((x) => x.storage_key);
}
