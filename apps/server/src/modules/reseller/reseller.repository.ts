/**
 * SQL of the reseller programme (migration 0035): the resellers row and its agreement, contracts,
 * contract requests, and the reseller's client files. Functions that take a client id name it
 * explicitly (they also run in the system scope); the rest rely on the tenant's row-level security.
 */
import type { Tx } from '../../db/database.js';
import type { AgreementState, AgreementStatus, ContractRequestStatus } from '@portside/contract/schemas/reseller';
import type { AgreementParty } from './agreement-pdf.js';

export interface ResellerRow {
  client_id: string;
  referrer_code: string | null;
  commission_percent: number;
  agreement_status: AgreementStatus;
  agreement_key: string | null;
  signed_key: string | null;
  signed_mime: string | null;
  signed_name: string | null;
}

const STATE_SQL = `agreement_status, generated_at, submitted_at`;

/** The account's reseller row, locked; created ('none') on first use. */
export async function lockOrCreateReseller(tx: Tx, clientId: string): Promise<ResellerRow> {
  await tx.query(`INSERT INTO resellers (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING`, [clientId]);
  return (await lockReseller(tx, clientId))!;
}

/** The account's reseller row, locked, or null. */
export async function lockReseller(tx: Tx, clientId: string): Promise<ResellerRow | null> {
  const r = await tx.query<ResellerRow>(
    `SELECT client_id, referrer_code, commission_percent, agreement_status, agreement_key, signed_key, signed_mime, signed_name
       FROM resellers WHERE client_id = $1 FOR UPDATE`,
    [clientId],
  );
  return r.rows[0] ?? null;
}

/** The reseller's side of the agreement and its language: the account as it is now, its owner's e-mail. */
export async function agreementParty(tx: Tx, clientId: string): Promise<{ party: AgreementParty; language: string } | null> {
  const r = await tx.query<AgreementParty & { language: string }>(
    `SELECT c.id AS client, btrim(c.first_name || ' ' || c.last_name) AS name, nullif(btrim(c.company_name), '') AS company,
            to_jsonb(array_remove(ARRAY[c.address, nullif(btrim(c.address2), ''), btrim(c.postcode || ' ' || c.city),
                     nullif(btrim(c.state), '')], NULL)) AS address_lines,
            c.country, nullif(btrim(c.vat_number), '') AS vat_number, lower(u.email) AS email, c.language
       FROM clients c JOIN users u ON u.client_id = c.id AND u.is_owner
      WHERE c.id = $1 AND c.deleted_at IS NULL`,
    [clientId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const { language, ...party } = row;
  return { party, language };
}

/** Whether the user is the owner of its account. */
export async function isOwner(tx: Tx, userId: string): Promise<boolean> {
  const r = await tx.query<{ is_owner: boolean }>(`SELECT is_owner FROM users WHERE id = $1`, [userId]);
  return r.rows[0]?.is_owner === true;
}

/** Records a newly generated agreement; an earlier signed copy no longer counts (it signs another document). */
export async function saveGenerated(tx: Tx, clientId: string, key: string): Promise<AgreementState> {
  const r = await tx.query<AgreementState>(
    `UPDATE resellers SET agreement_status = 'generated', agreement_key = $2, generated_at = now(), signed_key = NULL,
            signed_mime = NULL, signed_name = NULL, signed_size = NULL, submitted_at = NULL, updated_at = now()
      WHERE client_id = $1 RETURNING ${STATE_SQL}`,
    [clientId, key],
  );
  return r.rows[0]!;
}

/** Records the uploaded signed copy. */
export async function saveSubmitted(
  tx: Tx,
  clientId: string,
  s: { key: string; mime: string; name: string; size: number },
): Promise<AgreementState> {
  const r = await tx.query<AgreementState>(
    `UPDATE resellers SET agreement_status = 'submitted', signed_key = $2, signed_mime = $3, signed_name = $4, signed_size = $5,
            submitted_at = now(), updated_at = now()
      WHERE client_id = $1 RETURNING ${STATE_SQL}`,
    [clientId, s.key, s.mime, s.name, s.size],
  );
  return r.rows[0]!;
}

/** Approves the agreement with the referrer code; false when the code is taken already (the caller tries another). */
export async function approve(tx: Tx, clientId: string, code: string, by: string): Promise<boolean> {
  await tx.query('SAVEPOINT reseller_code');
  try {
    await tx.query(
      `UPDATE resellers SET agreement_status = 'approved', referrer_code = $2, approved_at = now(), approved_by = $3, updated_at = now()
        WHERE client_id = $1`,
      [clientId, code, by],
    );
    await tx.query('RELEASE SAVEPOINT reseller_code');
    return true;
  } catch (e) {
    await tx.query('ROLLBACK TO SAVEPOINT reseller_code');
    if ((e as { code?: string }).code === '23505') return false;
    throw e;
  }
}

/** The approved, live reseller a referrer code names (system scope), with its VAT number. */
export async function approvedResellerByCode(
  tx: Tx,
  code: string,
): Promise<{ client_id: string; commission_percent: number; vat_number: string | null } | null> {
  const r = await tx.query<{ client_id: string; commission_percent: number; vat_number: string | null }>(
    `SELECT r.client_id, r.commission_percent, nullif(btrim(c.vat_number), '') AS vat_number
       FROM resellers r JOIN clients c ON c.id = r.client_id
      WHERE r.referrer_code = $1 AND r.agreement_status = 'approved' AND c.deleted_at IS NULL`,
    [code],
  );
  return r.rows[0] ?? null;
}

/** An approved, live reseller by account (system scope), or null. */
export async function approvedReseller(tx: Tx, clientId: string): Promise<{ commission_percent: number } | null> {
  const r = await tx.query<{ commission_percent: number }>(
    `SELECT r.commission_percent FROM resellers r JOIN clients c ON c.id = r.client_id
      WHERE r.client_id = $1 AND r.agreement_status = 'approved' AND c.deleted_at IS NULL`,
    [clientId],
  );
  return r.rows[0] ?? null;
}

/**
 * A contract for `months` months from now; null when the client has one already (one reseller per
 * client: the unique key decides between two racing calls).
 */
export async function insertContract(
  tx: Tx,
  c: { resellerId: string; clientId: string; origin: 'referral' | 'request'; percent: number; months: number },
): Promise<number | null> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO reseller_contracts (reseller_id, client_id, origin, commission_percent, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(months => $5))
     ON CONFLICT (client_id) DO NOTHING RETURNING id::int AS id`,
    [c.resellerId, c.clientId, c.origin, c.percent, c.months],
  );
  return r.rows[0]?.id ?? null;
}

/** Whom an e-mail address may name in RequestContract (the caller's tenant; see portside_contract_target). */
export async function contractTarget(
  tx: Tx,
  email: string,
): Promise<{ client: string; verdict: 'own' | 'taken' | 'eligible' } | null> {
  const r = await tx.query<{ client: string; verdict: 'own' | 'taken' | 'eligible' }>(
    `SELECT client, verdict FROM portside_contract_target($1)`,
    [email],
  );
  return r.rows[0] ?? null;
}

/** A pending request of the caller for the client: the one there is, or a new one. */
export async function pendingRequest(
  tx: Tx,
  q: { email: string; clientId: string; userId: string },
): Promise<{ request: number; status: ContractRequestStatus }> {
  const inserted = await tx.query<{ request: number; status: ContractRequestStatus }>(
    `INSERT INTO reseller_contract_requests (reseller_id, email, target_client_id, requested_by)
     VALUES (portside_client(), $1, $2, $3)
     ON CONFLICT (reseller_id, target_client_id) WHERE status = 'pending' DO NOTHING
     RETURNING id::int AS request, status`,
    [q.email, q.clientId, q.userId],
  );
  if (inserted.rows[0]) return inserted.rows[0];
  const r = await tx.query<{ request: number; status: ContractRequestStatus }>(
    `SELECT id::int AS request, status FROM reseller_contract_requests
      WHERE reseller_id = portside_client() AND target_client_id = $1 AND status = 'pending'`,
    [q.clientId],
  );
  return r.rows[0]!;
}

export interface RequestRow {
  id: number;
  reseller_id: string;
  target_client_id: string;
  status: ContractRequestStatus;
}

/** A request, locked (system scope), or null. */
export async function lockRequest(tx: Tx, id: number): Promise<RequestRow | null> {
  const r = await tx.query<RequestRow>(
    `SELECT id::int AS id, reseller_id, target_client_id, status FROM reseller_contract_requests WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function decideRequest(
  tx: Tx,
  d: { id: number; status: 'approved' | 'rejected'; by: string; contractId: number | null },
): Promise<void> {
  await tx.query(
    `UPDATE reseller_contract_requests SET status = $2, decided_at = now(), decided_by = $3, contract_id = $4 WHERE id = $1`,
    [d.id, d.status, d.by, d.contractId],
  );
}

/** Whether the client is under contract with the caller (tenant scope). */
export async function isOwnContractClient(tx: Tx, clientId: string): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM reseller_contracts WHERE reseller_id = portside_client() AND client_id = $1`, [
    clientId,
  ]);
  return (r.rowCount ?? 0) > 0;
}

/** One of the caller's own client files (tenant scope), or null. */
export async function ownClientFile(tx: Tx, id: number): Promise<{ storage_key: string; mime: string; name: string } | null> {
  const r = await tx.query<{ storage_key: string; mime: string; name: string }>(
    `SELECT storage_key, mime, name FROM files WHERE id = $1 AND client_id = portside_client() AND category = 'client'`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** The signed copy an account uploaded (system scope: staff), or null. */
export async function signedCopy(tx: Tx, clientId: string): Promise<{ key: string; mime: string; name: string } | null> {
  const r = await tx.query<{ key: string; mime: string; name: string }>(
    `SELECT signed_key AS key, signed_mime AS mime, signed_name AS name FROM resellers
      WHERE client_id = $1 AND signed_key IS NOT NULL`,
    [clientId],
  );
  return r.rows[0] ?? null;
}
