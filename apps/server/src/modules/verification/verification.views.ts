/**
 * Identity verification's reads: GET MyVerification (the owner's status, drafts and latest request)
 * and VerificationQueue (staff). Rows: the contract's myVerificationRow and verificationQueueRow.
 */
import { myVerificationRow, verificationQueueRow } from '@portside/contract/schemas/verification';
import { customer, role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** An image as the reads show it: never its storage key. */
const DOCUMENT_JSON = `jsonb_build_object('id', d.id, 'kind', d.kind, 'document_type', d.document_type, 'mime', d.mime,
  'size', d.size, 'created_at', d.created_at, 'request', d.request_id)`;

export const verificationViews: ViewDef[] = [
  defineView({
    // One row: the account's status, its latest request and (for the owner) the drafts and the
    // latest request's images, without storage keys.
    name: 'MyVerification',
    access: customer,
    row: myVerificationRow,
    source: `SELECT c.verification_status AS status, r.id AS request, r.reason, r.submitted_at, r.reviewed_at, u.is_owner,
        CASE WHEN u.is_owner THEN coalesce((SELECT jsonb_agg(${DOCUMENT_JSON} ORDER BY d.id) FROM verification_documents d
          WHERE d.client_id = c.id AND d.deleted_at IS NULL AND (d.request_id IS NULL OR d.request_id = r.id)), '[]'::jsonb)
        ELSE '[]'::jsonb END AS documents
      FROM clients c JOIN users u ON u.id = portside_user() AND u.client_id = c.id
      LEFT JOIN LATERAL (SELECT id, reason, submitted_at, reviewed_at FROM verification_requests vr
        WHERE vr.client_id = c.id ORDER BY vr.submitted_at DESC, vr.id DESC LIMIT 1) r ON true
     WHERE c.id = portside_client()`,
  }),
  defineView({
    // The staff's queue: every pending request, oldest first, with who sent it and its image ids.
    name: 'VerificationQueue',
    access: role('staff'),
    system: true,
    row: verificationQueueRow,
    source: `SELECT r.id, c.id AS client, c.first_name || ' ' || c.last_name AS client_name, c.company_name, o.email, c.country,
        r.submitted_at, (SELECT d.document_type FROM verification_documents d WHERE d.request_id = r.id AND d.kind = 'document'
          AND d.deleted_at IS NULL LIMIT 1) AS document_type,
        coalesce((SELECT jsonb_agg(jsonb_build_object('id', d.id, 'kind', d.kind, 'mime', d.mime, 'size', d.size) ORDER BY d.kind, d.id)
          FROM verification_documents d WHERE d.request_id = r.id AND d.deleted_at IS NULL), '[]'::jsonb) AS documents
      FROM verification_requests r JOIN clients c ON c.id = r.client_id
      LEFT JOIN users o ON o.client_id = c.id AND o.is_owner
     WHERE r.status = 'pending'`,
    order: 'submitted_at',
  }),
];
