/** SQL of abuse reports, help texts and status messages. */
import type { AbuseReportRow, HelptextRow, InternalStatusRow } from '@portside/contract/schemas/support';
import type { Tx } from '../../db/database.js';

export const ABUSE_ROW_SQL = `SELECT r.id::int AS report, r.reference, r.reporter_name, r.reporter_email, r.location, r.kind,
    r.explanation, r.status, r.resolution_note, u.email AS resolved_by, r.resolved_at, r.created_at
  FROM abuse_reports r LEFT JOIN users u ON u.id = r.resolved_by`;

export async function insertAbuseReport(
  tx: Tx,
  r: {
    reference: string;
    name: string;
    email: string;
    location: string;
    kind: string;
    explanation: string;
    language: string;
    ip: string;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO abuse_reports (reference, reporter_name, reporter_email, location, kind, explanation, good_faith, language, ip)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8::inet)`,
    [r.reference, r.name, r.email, r.location, r.kind, r.explanation, r.language, r.ip],
  );
}

export interface LockedReport {
  status: string;
  reference: string;
  reporter_name: string;
  reporter_email: string;
  language: string;
}

export async function lockAbuseReport(tx: Tx, id: number): Promise<LockedReport | null> {
  const r = await tx.query<LockedReport>(
    `SELECT status, reference, reporter_name, reporter_email, language FROM abuse_reports WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function resolveAbuseReport(
  tx: Tx,
  id: number,
  status: string,
  note: string,
  userId: string,
): Promise<AbuseReportRow> {
  await tx.query(
    `UPDATE abuse_reports SET status = $2, resolution_note = $3, resolved_by = $4, resolved_at = now() WHERE id = $1`,
    [id, status, note, userId],
  );
  const r = await tx.query<AbuseReportRow>(`${ABUSE_ROW_SQL} WHERE r.id = $1`, [id]);
  return r.rows[0]!;
}

export const HELPTEXT_ROW_SQL = `SELECT label, html, updated_at FROM helptexts`;

/** Saves a help text ('' removes it, so the built-in default shows again); answers the rows left. */
export async function saveHelptext(tx: Tx, label: string, html: string, userId: string): Promise<HelptextRow[]> {
  if (html === '') {
    await tx.query(`DELETE FROM helptexts WHERE label = $1`, [label]);
    return [];
  }
  const r = await tx.query<HelptextRow>(
    `INSERT INTO helptexts (label, html, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (label) DO UPDATE SET html = EXCLUDED.html, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING label, html, updated_at`,
    [label, html, userId],
  );
  return r.rows;
}

export const STATUS_ROW_SQL = `SELECT id::int AS id, level, message, key, created_at FROM portside_internal_status()`;

export async function insertStatus(tx: Tx, level: string, message: string, userId: string): Promise<InternalStatusRow> {
  const r = await tx.query<InternalStatusRow>(
    `INSERT INTO internal_statuses (level, message, created_by) VALUES ($1, $2, $3)
     RETURNING id::int AS id, level, message, NULL::text AS key, created_at`,
    [level, message, userId],
  );
  return r.rows[0]!;
}

export async function endStatus(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.query(`UPDATE internal_statuses SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`, [id]);
  return (r.rowCount ?? 0) > 0;
}
