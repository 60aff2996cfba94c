/** SQL of custom domains (MyDomains; migration 0030). */
import type { Tx } from '../../db/database.js';

/** Adds a domain of the account; null when the account lists it already. */
export async function insertDomain(
  tx: Tx,
  clientId: string,
  domain: string,
  serverId: number,
  token: string,
): Promise<number | null> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO custom_domains (client_id, domain, provisioned_id, token) VALUES ($1, $2, $3, $4)
     ON CONFLICT (client_id, domain) DO NOTHING RETURNING id::text`,
    [clientId, domain, serverId, token],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** Whether another account holds the domain verified (custom_domain_taken sees past row-level security; the unique index stands behind it). */
export async function verifiedElsewhere(tx: Tx, domain: string): Promise<boolean> {
  const r = await tx.query<{ taken: boolean }>(`SELECT custom_domain_taken($1) AS taken`, [domain]);
  return r.rows[0]!.taken;
}

export interface DomainRecord {
  id: number;
  client_id: string;
  domain: string;
  token: string;
  verified_at: Date | null;
}

export async function findDomain(tx: Tx, id: number, lock = false): Promise<DomainRecord | null> {
  const r = await tx.query<DomainRecord>(
    `SELECT id::int AS id, client_id, domain, token, verified_at FROM custom_domains WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function pointDomain(tx: Tx, id: number, serverId: number): Promise<void> {
  await tx.query(`UPDATE custom_domains SET provisioned_id = $2 WHERE id = $1`, [id, serverId]);
}

export async function deleteDomain(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.query(`DELETE FROM custom_domains WHERE id = $1`, [id]);
  return (r.rowCount ?? 0) > 0;
}

/** Records a lookup: verified (the first time) or only checked. */
export async function markChecked(tx: Tx, id: number, verified: boolean): Promise<Date | null> {
  const r = await tx.query<{ verified_at: Date | null }>(
    `UPDATE custom_domains SET checked_at = now(), verified_at = CASE WHEN $2 THEN coalesce(verified_at, now()) ELSE verified_at END
      WHERE id = $1 RETURNING verified_at`,
    [id, verified],
  );
  return r.rows[0]?.verified_at ?? null;
}

/** Unverified domains of the last 30 days due for a lookup: every 5 minutes the first day, then hourly. */
export async function domainsDue(tx: Tx, limit: number): Promise<DomainRecord[]> {
  const r = await tx.query<DomainRecord>(
    `SELECT id::int AS id, client_id, domain, token, verified_at FROM custom_domains
      WHERE verified_at IS NULL AND created_at > now() - interval '30 days'
        AND (checked_at IS NULL
             OR checked_at < now() - CASE WHEN created_at > now() - interval '1 day' THEN interval '5 minutes' ELSE interval '1 hour' END)
      ORDER BY checked_at NULLS FIRST LIMIT $1`,
    [limit],
  );
  return r.rows;
}
