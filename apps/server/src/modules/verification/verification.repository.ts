/**
 * The SQL of identity verification. Functions named for "the account" run in the caller's tenant
 * context (row-level security limits them to it); the others take explicit ids and are used in
 * the system context by staff and by the purge job.
 */
import type { VerificationStatus } from '@portside/contract/schemas/profile';
import type { DocumentType, UploadKind } from '@portside/contract/schemas/verification';
import type { ImageMime } from '@portside/contract/rules/image-type';
import type { Tx } from '../../db/database.js';

/** What the API shows of a document (never its storage key). */
export interface DocumentRow {
  id: number;
  kind: UploadKind;
  document_type: DocumentType | null;
  mime: ImageMime;
  size: number;
  created_at: string;
}
const DOCUMENT_COLUMNS = 'id, kind, document_type, mime, size, created_at';

/** The account's verification status, locked until the transaction ends (serialises uploads and submits). */
export async function lockAccountStatus(tx: Tx): Promise<VerificationStatus | null> {
  const r = await tx.query<{ verification_status: VerificationStatus }>(
    `SELECT verification_status FROM clients WHERE id = portside_client() FOR UPDATE`,
  );
  return r.rows[0]?.verification_status ?? null;
}

/** The account's verification status (no lock). */
export async function accountStatus(tx: Tx): Promise<VerificationStatus | null> {
  const r = await tx.query<{ verification_status: VerificationStatus }>(
    `SELECT verification_status FROM clients WHERE id = portside_client()`,
  );
  return r.rows[0]?.verification_status ?? null;
}

/** Whether the account keeps a document with these bytes ('file already uploaded'). */
export async function hasKeptDocument(tx: Tx, sha256: string): Promise<boolean> {
  const r = await tx.query(
    `SELECT 1 FROM verification_documents WHERE client_id = portside_client() AND sha256 = $1 AND deleted_at IS NULL`,
    [sha256],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Marks the account's draft of `kind` deleted (a new upload replaces it); returns its storage keys. */
export async function retireDraft(tx: Tx, kind: UploadKind): Promise<string[]> {
  const r = await tx.query<{ storage_key: string }>(
    `UPDATE verification_documents SET deleted_at = now()
      WHERE client_id = portside_client() AND kind = $1 AND request_id IS NULL AND deleted_at IS NULL
      RETURNING storage_key`,
    [kind],
  );
  return r.rows.map((x) => x.storage_key);
}

export interface NewDocument {
  userId: string;
  kind: UploadKind;
  documentType: DocumentType | null;
  storageKey: string;
  sha256: string;
  mime: ImageMime;
  size: number;
}

/** Adds a draft document to the account. */
export async function insertDocument(tx: Tx, d: NewDocument): Promise<DocumentRow> {
  const r = await tx.query<DocumentRow>(
    `INSERT INTO verification_documents (client_id, user_id, kind, document_type, storage_key, sha256, mime, size)
     VALUES (portside_client(), $1, $2, $3, $4, $5, $6, $7) RETURNING ${DOCUMENT_COLUMNS}`,
    [d.userId, d.kind, d.documentType, d.storageKey, d.sha256, d.mime, d.size],
  );
  return r.rows[0]!;
}

/** The account's drafts (uploaded, not yet submitted). */
export async function draftDocuments(tx: Tx): Promise<DocumentRow[]> {
  const r = await tx.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM verification_documents
      WHERE client_id = portside_client() AND request_id IS NULL AND deleted_at IS NULL ORDER BY id`,
  );
  return r.rows;
}

/** Opens a request for the account with its drafts and marks the account pending. */
export async function submitDrafts(tx: Tx, userId: string): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO verification_requests (client_id, submitted_by) VALUES (portside_client(), $1) RETURNING id`,
    [userId],
  );
  const id = r.rows[0]!.id;
  await tx.query(
    `UPDATE verification_documents SET request_id = $1
      WHERE client_id = portside_client() AND request_id IS NULL AND deleted_at IS NULL`,
    [id],
  );
  await tx.query(`UPDATE clients SET verification_status = 'pending' WHERE id = portside_client()`);
  return id;
}

export interface RequestRow {
  id: number;
  client_id: string;
  status: 'pending' | 'approved' | 'rejected';
}

/** A request by id, locked for its review (system context). */
export async function lockRequest(tx: Tx, id: number): Promise<RequestRow | null> {
  const r = await tx.query<RequestRow>(`SELECT id, client_id, status FROM verification_requests WHERE id = $1 FOR UPDATE`, [id]);
  return r.rows[0] ?? null;
}

/** Records the review and sets the account's status to its outcome (system context). */
export async function reviewRequest(
  tx: Tx,
  req: RequestRow,
  review: { status: 'approved' | 'rejected'; reason: string | null; reviewerId: string },
): Promise<void> {
  await tx.query(
    `UPDATE verification_requests SET status = $2, reason = $3, reviewed_by = $4, reviewed_at = now() WHERE id = $1`,
    [req.id, review.status, review.reason, review.reviewerId],
  );
  await tx.query(`UPDATE clients SET verification_status = $2 WHERE id = $1`, [req.client_id, review.status]);
}

export interface StoredDocument {
  client_id: string;
  storage_key: string;
  mime: ImageMime;
}

/** A kept (not deleted) document by id, in whatever context the caller runs. */
export async function keptDocument(tx: Tx, id: number): Promise<StoredDocument | null> {
  const r = await tx.query<StoredDocument>(
    `SELECT client_id, storage_key, mime FROM verification_documents WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return r.rows[0] ?? null;
}

export interface PurgeCandidate {
  id: number;
  client_id: string;
  storage_key: string;
}

/**
 * Kept documents past retention (system context), in id order after `afterId`: those of requests
 * reviewed more than `months` ago, and drafts never submitted that are older than that.
 */
export async function documentsDueForPurge(tx: Tx, months: number, afterId: number, limit: number): Promise<PurgeCandidate[]> {
  const r = await tx.query<PurgeCandidate>(
    `SELECT d.id, d.client_id, d.storage_key
       FROM verification_documents d LEFT JOIN verification_requests r ON r.id = d.request_id
      WHERE d.deleted_at IS NULL AND d.id > $2
        AND CASE WHEN d.request_id IS NULL THEN d.created_at < now() - make_interval(months => $1)
                 ELSE r.reviewed_at < now() - make_interval(months => $1) END
      ORDER BY d.id LIMIT $3`,
    [months, afterId, limit],
  );
  return r.rows;
}

/** Marks a document deleted once its file is gone (system context); false when it already was. */
export async function markDocumentDeleted(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.query(`UPDATE verification_documents SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return (r.rowCount ?? 0) > 0;
}
