/** SQL of uploaded files (FileUpload, MyFiles) and their attachment to tickets. */
import type { Tx } from '../../db/database.js';

export interface NewFile {
  userId: string;
  category: 'ticket' | 'client';
  /** A reseller's client file: the contracted client it is about (null for other categories). */
  forClient: string | null;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  storageKey: string;
}

/** Whether the account (the tenant of `tx`) has uploaded these bytes for this purpose (and client) before. */
export async function hasFile(tx: Tx, category: string, forClient: string | null, sha256: string): Promise<boolean> {
  const r = await tx.query(
    `SELECT 1 FROM files WHERE client_id = portside_client() AND category = $1 AND for_client IS NOT DISTINCT FROM $2 AND sha256 = $3`,
    [category, forClient, sha256],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function insertFile(tx: Tx, f: NewFile): Promise<{ file: number; name: string; type: string; size: number }> {
  const r = await tx.query<{ file: number; name: string; type: string; size: number }>(
    `INSERT INTO files (client_id, uploaded_by, category, for_client, name, mime, size, sha256, storage_key)
     VALUES (portside_client(), $1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id::int AS file, name, mime AS type, size`,
    [f.userId, f.category, f.forClient, f.name, f.mime, f.size, f.sha256, f.storageKey],
  );
  return r.rows[0]!;
}

export interface FileToAttach {
  id: number;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  category: string;
  attached: boolean;
}

/**
 * The user's own uploads among `ids`, with whether each is attached already (two calls attaching
 * the same file at once: the attachments' primary key refuses the second). Only files the
 * user uploaded (not another user's of the account) can be attached by them; in the tenant scope
 * row-level security keeps it to the account, in the system scope (staff) the uploader decides.
 */
export async function lockOwnFiles(tx: Tx, userId: string, ids: readonly number[]): Promise<FileToAttach[]> {
  const r = await tx.query<FileToAttach>(
    `SELECT f.id::int AS id, f.name, f.mime, f.size, f.storage_key, f.category,
            EXISTS (SELECT 1 FROM ticket_attachments a WHERE a.file_id = f.id) AS attached
       FROM files f WHERE f.uploaded_by = $1 AND f.id = ANY($2::bigint[])
       ORDER BY f.id`,
    [userId, ids],
  );
  return r.rows;
}

/** Copies files onto a ticket (comment null: the description) under the ticket's account. */
export async function attachFiles(
  tx: Tx,
  a: { ticketId: number; clientId: string | null; commentId: number | null; files: readonly FileToAttach[] },
): Promise<void> {
  if (a.files.length === 0) return;
  await tx.query(
    `INSERT INTO ticket_attachments (file_id, client_id, ticket_id, comment_id, name, mime, size, storage_key)
     SELECT f.id, $1, $2, $3, f.name, f.mime, f.size, f.storage_key
       FROM jsonb_to_recordset($4::jsonb) AS f(id bigint, name text, mime text, size int, storage_key text)`,
    [a.clientId, a.ticketId, a.commentId, JSON.stringify(a.files)],
  );
}

/**
 * An attachment's blob, type and name, if the scope of `tx` may see it: in the tenant scope only
 * on tickets `ticketFilter` (SQL on tickets) lets the user see; null filter: any (system scope).
 */
export async function attachmentBlob(
  tx: Tx,
  fileId: number,
  ticketFilter: string | null,
): Promise<{ storage_key: string; mime: string; name: string } | null> {
  const r = await tx.query<{ storage_key: string; mime: string; name: string }>(
    `SELECT a.storage_key, a.mime, a.name FROM ticket_attachments a WHERE a.file_id = $1
        ${ticketFilter ? `AND a.ticket_id IN (SELECT id FROM tickets WHERE ${ticketFilter})` : ''}`,
    [fileId],
  );
  return r.rows[0] ?? null;
}
