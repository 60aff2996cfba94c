/**
 * Identity verification (/verification, /verification-queue): the owner's uploads and submit, the
 * staff's review queue, and the document images.
 */
import { z } from 'zod';
import { LIMITS } from '@portside/contract/constants';
import { checkImageUpload, IMAGE_HEADER_BYTES } from '@portside/contract/rules/image-type';
import {
  UPLOAD_FILE_FIELD,
  verificationApproveSchema,
  verificationRejectSchema,
  verificationSubmitSchema,
  verificationUploadSchema,
} from '@portside/contract/schemas/verification';
import { customer, defineRpc, role, type FileDef, type RpcDef, type UploadedFile, type ViewDef } from '../../http/access.js';
import { documentImageForStaff, ownDocumentImage, reviewVerification } from './verification.review.js';
import { submitVerification, uploadDocument } from './verification.service.js';
import { answerField, target } from '../audit/audit-target.js';

/** The received file: present, then an accepted image under 2 MB judged by its bytes (spec 1 §5). */
const uploadedImage = z
  .custom<UploadedFile>((v) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as UploadedFile).bytes), {
    error: 'upload_file_empty',
  })
  .check((ctx) => {
    const { bytes } = ctx.value;
    const key = checkImageUpload(bytes.subarray(0, IMAGE_HEADER_BYTES), bytes.length);
    if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
  });

const DOCUMENT_JSON = `jsonb_build_object('id', d.id, 'kind', d.kind, 'document_type', d.document_type, 'mime', d.mime,
  'size', d.size, 'created_at', d.created_at, 'request', d.request_id)`;

export const verificationViews: ViewDef[] = [
  {
    // One row: the account's status, its latest request and (for the owner) the drafts and the
    // latest request's images, without storage keys.
    name: 'MyVerification',
    access: customer,
    columns: {
      status: 'text',
      request: 'int',
      reason: 'text',
      submitted_at: 'timestamptz',
      reviewed_at: 'timestamptz',
      is_owner: 'bool',
      documents: 'json',
    },
    source: `SELECT c.verification_status AS status, r.id AS request, r.reason, r.submitted_at, r.reviewed_at, u.is_owner,
        CASE WHEN u.is_owner THEN coalesce((SELECT jsonb_agg(${DOCUMENT_JSON} ORDER BY d.id) FROM verification_documents d
          WHERE d.client_id = c.id AND d.deleted_at IS NULL AND (d.request_id IS NULL OR d.request_id = r.id)), '[]'::jsonb)
        ELSE '[]'::jsonb END AS documents
      FROM clients c JOIN users u ON u.id = portside_user() AND u.client_id = c.id
      LEFT JOIN LATERAL (SELECT id, reason, submitted_at, reviewed_at FROM verification_requests vr
        WHERE vr.client_id = c.id ORDER BY vr.submitted_at DESC, vr.id DESC LIMIT 1) r ON true
     WHERE c.id = portside_client()`,
  },
  {
    // The staff's queue: every pending request, oldest first, with who sent it and its image ids.
    name: 'VerificationQueue',
    access: role('staff'),
    system: true,
    columns: {
      id: 'int',
      client: 'uuid',
      client_name: 'text',
      company_name: 'text',
      email: 'text',
      country: 'text',
      submitted_at: 'timestamptz',
      document_type: 'text',
      documents: 'json',
    },
    source: `SELECT r.id, c.id AS client, c.first_name || ' ' || c.last_name AS client_name, c.company_name, o.email, c.country,
        r.submitted_at, (SELECT d.document_type FROM verification_documents d WHERE d.request_id = r.id AND d.kind = 'document'
          AND d.deleted_at IS NULL LIMIT 1) AS document_type,
        coalesce((SELECT jsonb_agg(jsonb_build_object('id', d.id, 'kind', d.kind, 'mime', d.mime, 'size', d.size) ORDER BY d.kind, d.id)
          FROM verification_documents d WHERE d.request_id = r.id AND d.deleted_at IS NULL), '[]'::jsonb) AS documents
      FROM verification_requests r JOIN clients c ON c.id = r.client_id
      LEFT JOIN users o ON o.client_id = c.id AND o.is_owner
     WHERE r.status = 'pending'`,
    order: 'submitted_at',
  },
];

export const verificationRpcs: RpcDef[] = [
  defineRpc({
    name: 'VerificationUpload',
    access: customer,
    schema: verificationUploadSchema(uploadedImage),
    multipart: { fileField: UPLOAD_FILE_FIELD, maxFileBytes: LIMITS.uploadMaxBytes },
    audit: true,
    auditTarget: (b, r) =>
      target(
        'verification document',
        (r as { document?: { id?: number } } | undefined)?.document?.id,
        b.kind === 'document' ? b.document_type : 'selfie',
      ),
    handler: (ctx, b) => uploadDocument(ctx, b),
  }),
  defineRpc({
    name: 'VerificationSubmit',
    access: customer,
    schema: verificationSubmitSchema,
    audit: true,
    auditTarget: (_b, r) => target('verification request', answerField(r, 'request')),
    handler: (ctx) => submitVerification(ctx),
  }),
  defineRpc({
    name: 'VerificationApprove',
    access: role('staff'),
    schema: verificationApproveSchema,
    audit: true,
    auditTarget: (b) => target('verification request', b.p_request),
    handler: (ctx, b) => reviewVerification(ctx, b.p_request, 'approved', null),
  }),
  defineRpc({
    name: 'VerificationReject',
    access: role('staff'),
    schema: verificationRejectSchema,
    audit: true,
    auditTarget: (b) => target('verification request', b.p_request),
    handler: (ctx, b) => reviewVerification(ctx, b.p_request, 'rejected', b.p_reason),
  }),
];

export const verificationFiles: FileDef[] = [
  { name: 'VerificationDocumentImage', access: role('staff'), handler: documentImageForStaff },
  { name: 'MyVerificationDocumentImage', access: customer, handler: ownDocumentImage },
];
