/** SQL of the account's IP sets (migration 0030): sets, their entries, and which server they are attached to. */
import type { Tx } from '../../db/database.js';
import type { IpsetEntry, IpsetRow } from '@portside/contract/schemas/network';

/** The MyIpsets row of one set. */
const ROW = `SELECT s.id::int AS ipset, s.name, s.comment,
    (SELECT count(*) FROM ipset_entries e WHERE e.ipset_id = s.id)::int AS ip_count,
    (SELECT count(*) FROM ipset_vms a JOIN vms v ON v.provisioned_id = a.provisioned_id AND v.state <> 'deleted'
      WHERE a.ipset_id = s.id)::int AS server_count,
    s.created_at
  FROM ipsets s`;
export const IPSET_ROW_SQL = ROW;

export async function ipsetRow(tx: Tx, id: number): Promise<IpsetRow | null> {
  const r = await tx.query<IpsetRow>(`${ROW} WHERE s.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** Creates a set; null when the account has one of that name (any case). */
export async function insertIpset(tx: Tx, clientId: string, name: string, comment: string): Promise<number | null> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO ipsets (client_id, name, comment) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id::text`,
    [clientId, name, comment],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** Locks the account's set for the transaction (adding entries counts them under it); false when it is not the caller's. */
export async function lockIpset(tx: Tx, id: number): Promise<{ client_id: string; name: string } | null> {
  const r = await tx.query<{ client_id: string; name: string }>(`SELECT client_id, name FROM ipsets WHERE id = $1 FOR UPDATE`, [
    id,
  ]);
  return r.rows[0] ?? null;
}

/** Renames a set and/or changes its comment; false when the name is taken in the account. */
export async function updateIpset(tx: Tx, id: number, name: string | undefined, comment: string | undefined): Promise<boolean> {
  if (name !== undefined) {
    const clash = await tx.query(`SELECT 1 FROM ipsets WHERE lower(name) = lower($2) AND id <> $1`, [id, name]);
    if (clash.rowCount) return false;
  }
  await tx.query(`UPDATE ipsets SET name = coalesce($2, name), comment = coalesce($3, comment) WHERE id = $1`, [
    id,
    name ?? null,
    comment ?? null,
  ]);
  return true;
}

/** Rules of deleted servers that name the set go first: a deleted server does not hold a set. */
async function dropRulesOfDeletedServers(tx: Tx, id: number): Promise<void> {
  await tx.query(
    `DELETE FROM firewall_rules r USING vms v
      WHERE r.provisioned_id = v.provisioned_id AND v.state = 'deleted' AND r.source_ipset_id = $1`,
    [id],
  );
}

export async function deleteIpset(tx: Tx, id: number): Promise<void> {
  await dropRulesOfDeletedServers(tx, id);
  await tx.query(`DELETE FROM ipsets WHERE id = $1`, [id]);
}

export async function entryCount(tx: Tx, id: number): Promise<number> {
  const r = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ipset_entries WHERE ipset_id = $1`, [id]);
  return r.rows[0]!.n;
}

/** Of `cidrs`, those the set has already. */
export async function existingEntries(tx: Tx, id: number, cidrs: string[]): Promise<Set<string>> {
  const r = await tx.query<{ ip: string }>(
    `SELECT portside_cidr_text(cidr) AS ip FROM ipset_entries WHERE ipset_id = $1 AND cidr = ANY($2::cidr[])`,
    [id, cidrs],
  );
  return new Set(r.rows.map((row) => row.ip));
}

export async function insertEntries(tx: Tx, id: number, clientId: string, cidrs: string[]): Promise<number> {
  const r = await tx.query(
    `INSERT INTO ipset_entries (ipset_id, client_id, cidr) SELECT $1, $2, c FROM unnest($3::cidr[]) c ON CONFLICT DO NOTHING`,
    [id, clientId, cidrs],
  );
  return r.rowCount ?? 0;
}

export async function deleteEntries(tx: Tx, id: number, cidrs: string[]): Promise<number> {
  const r = await tx.query(`DELETE FROM ipset_entries WHERE ipset_id = $1 AND cidr = ANY($2::cidr[])`, [id, cidrs]);
  return r.rowCount ?? 0;
}

export async function entries(tx: Tx, id: number): Promise<IpsetEntry[]> {
  const r = await tx.query<IpsetEntry>(
    `SELECT portside_cidr_text(cidr) AS ip, created_at FROM ipset_entries WHERE ipset_id = $1 ORDER BY family(cidr), cidr`,
    [id],
  );
  return r.rows.map((row) => ({ ip: row.ip, created_at: new Date(row.created_at).toISOString() }));
}

/**
 * The account's servers among `ids` (not deleted), locked in id order, with how many sets each has
 * besides `ipsetId`. The count runs in a statement of its own after the locks, so it sees what an
 * attachment that held them before committed.
 */
export async function lockServersForAttach(
  tx: Tx,
  ids: number[],
  ipsetId: number,
): Promise<Array<{ provisioned_id: number; name: string; others: number; attached: boolean }>> {
  await tx.query(
    `SELECT provisioned_id FROM vms WHERE provisioned_id = ANY($1::bigint[]) AND state <> 'deleted' ORDER BY provisioned_id FOR UPDATE`,
    [ids],
  );
  const r = await tx.query<{ provisioned_id: number; name: string; others: number; attached: boolean }>(
    `SELECT v.provisioned_id::int AS provisioned_id, v.name,
        (SELECT count(*) FROM ipset_vms a WHERE a.provisioned_id = v.provisioned_id AND a.ipset_id <> $2)::int AS others,
        EXISTS (SELECT 1 FROM ipset_vms a WHERE a.provisioned_id = v.provisioned_id AND a.ipset_id = $2) AS attached
       FROM vms v WHERE v.provisioned_id = ANY($1::bigint[]) AND v.state <> 'deleted' ORDER BY v.provisioned_id`,
    [ids, ipsetId],
  );
  return r.rows;
}

export async function attach(tx: Tx, ipsetId: number, clientId: string, ids: number[]): Promise<number> {
  const r = await tx.query(
    `INSERT INTO ipset_vms (ipset_id, provisioned_id, client_id) SELECT $1, x, $2 FROM unnest($3::bigint[]) x ON CONFLICT DO NOTHING`,
    [ipsetId, clientId, ids],
  );
  return r.rowCount ?? 0;
}

export async function detach(tx: Tx, ipsetId: number, ids: number[]): Promise<number> {
  await dropRulesOfDeletedServers(tx, ipsetId);
  const r = await tx.query(`DELETE FROM ipset_vms WHERE ipset_id = $1 AND provisioned_id = ANY($2::bigint[])`, [ipsetId, ids]);
  return r.rowCount ?? 0;
}
