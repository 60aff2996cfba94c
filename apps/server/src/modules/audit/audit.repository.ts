import type { Tx } from '../../db/database.js';

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
