import type { Tx } from '../../db/database.js';
import { nameKey, type NamedKind } from './audit-target.js';

export interface AuditEntry {
  clientId: string | null;
  userId: string | null;
  email: string | null;
  action: string;
  target?: string | null;
  result: 'ok' | 'error';
  ip: string | null;
}

/** Appends to the account's log (the application role cannot update or delete entries). */
export async function writeAudit(tx: Tx, e: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (client_id, user_id, actor_email, action, target, result, ip) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
    [e.clientId, e.userId, e.email, e.action, e.target ?? null, e.result, e.ip],
  );
}

/** How each kind's name is found by id: the account's own rows only, as row-level security shows them to the caller. */
const NAME_SQL: Record<NamedKind, string> = {
  project: `SELECT id::text AS id, name FROM projects WHERE id = ANY($1::bigint[])`,
  server: `SELECT provisioned_id::text AS id, name FROM vms WHERE provisioned_id = ANY($1::bigint[])`,
  'SSH key': `SELECT id::text AS id, name FROM ssh_keys WHERE id = ANY($1::bigint[])`,
  invoice: `SELECT id::text AS id, number AS name FROM invoices WHERE id = ANY($1::bigint[])`,
  service: `SELECT equipment_id::text AS id, description AS name FROM services WHERE equipment_id = ANY($1::bigint[])`,
  session: `SELECT id::text AS id, coalesce(device, ip) AS name FROM sessions WHERE id = ANY($1::uuid[])`,
  'IP set': `SELECT id::text AS id, name FROM ipsets WHERE id = ANY($1::bigint[])`,
  domain: `SELECT id::text AS id, domain AS name FROM custom_domains WHERE id = ANY($1::bigint[])`,
  'port forward': `SELECT id::text AS id, host(gateway) || ':' || external_port || '/' || protocol AS name FROM port_forwards WHERE id = ANY($1::bigint[])`,
};

/** The names of the given things (those the caller may see), keyed by {@link nameKey}. */
export async function targetNames(tx: Tx, refs: ReadonlyArray<{ kind: NamedKind; id: string }>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const byKind = new Map<NamedKind, string[]>();
  for (const r of refs) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.id]);
  for (const [kind, ids] of byKind) {
    const r = await tx.query<{ id: string; name: string | null }>(NAME_SQL[kind], [ids]);
    for (const row of r.rows) if (row.name) names.set(nameKey(kind, row.id), row.name);
  }
  return names;
}
