/**
 * Identity verification (spec 1 §1: a photo ID plus a selfie at first login; registration data
 * kept offline for 6 months): the upload fields, the review bodies and the shapes of the reads.
 */
import { z } from '../zod';
import { IMAGE_MIME_TYPES } from '../rules/image-type';
import { VERIFICATION_STATUSES } from './profile';
import { requiredText } from './fields';
import { timestampField } from './view-row';

/** The photo IDs accepted (spec 1 §1). */
export const DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What an uploaded image shows: the photo ID or the selfie. */
export const UPLOAD_KINDS = ['document', 'selfie'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Documents are deleted this many months after the review (spec 2 §9). */
export const VERIFICATION_RETENTION_MONTHS = 6;

/** Longest rejection reason, in characters. */
export const REJECTION_REASON_MAX = 500;

/** The multipart field holding the image of POST /api/rpc/VerificationUpload. */
export const UPLOAD_FILE_FIELD = 'file';

const uploadFields = {
  kind: z.enum(UPLOAD_KINDS, { error: 'upload_kind_invalid' }),
  // A form may send the field empty for the selfie.
  document_type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(DOCUMENT_TYPES, { error: 'document_type_invalid' }).optional(),
  ),
};

function requireDocumentType(ctx: z.core.ParsePayload<{ kind: UploadKind; document_type?: DocumentType | undefined }>): void {
  if (ctx.value.kind === 'document' && !ctx.value.document_type) {
    ctx.issues.push({ code: 'custom', message: 'document_type_invalid', path: ['document_type'], input: ctx.value });
  }
}

/**
 * The text fields of POST /api/rpc/VerificationUpload (multipart/form-data, one image in the field
 * `file`). `document_type` is required for the photo ID and ignored for the selfie.
 */
export const verificationUploadFieldsSchema = z.object(uploadFields).check(requireDocumentType);

/** The whole upload body, with the schema of the received file (the server's, which checks the bytes). */
export function verificationUploadSchema<F extends z.ZodType>(file: F) {
  return z.object({ ...uploadFields, file }).check(requireDocumentType);
}
export type VerificationUploadFields = z.infer<typeof verificationUploadFieldsSchema>;

/** A verification request id: a positive integer, also accepted as a string of digits. */
const INVALID_REQUEST = { error: 'verification_request_invalid' } as const;
const requestId = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/, INVALID_REQUEST)], INVALID_REQUEST)
  .transform(Number)
  .pipe(z.number(INVALID_REQUEST).int(INVALID_REQUEST).positive(INVALID_REQUEST).max(Number.MAX_SAFE_INTEGER, INVALID_REQUEST));

/** Body of POST /api/rpc/VerificationSubmit: nothing; the account's uploaded images are submitted. */
export const verificationSubmitSchema = z.object({});

/** Body of POST /api/rpc/VerificationApprove (staff). */
export const verificationApproveSchema = z.object({ p_request: requestId });
export type VerificationApproveInput = z.input<typeof verificationApproveSchema>;

/** Body of POST /api/rpc/VerificationReject (staff): the reason is shown to the customer. */
export const verificationRejectSchema = z.object({
  p_request: requestId,
  p_reason: requiredText('verification_reason_empty', REJECTION_REASON_MAX),
});
export type VerificationRejectInput = z.input<typeof verificationRejectSchema>;

/** One uploaded image as the reads show it (never its storage key). */
export const verificationDocumentSchema = z.object({
  id: z.int(),
  kind: z.enum(UPLOAD_KINDS),
  /** The photo ID's type; null for the selfie. */
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  mime: z.enum(IMAGE_MIME_TYPES),
  /** Bytes. */
  size: z.int(),
  /** When it was uploaded (ISO 8601). */
  created_at: z.string(),
  /** The request it was submitted with, or null while it is still a draft. */
  request: z.int().nullable(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/** The one row of GET /api/MyVerification. */
export const myVerificationRow = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  /** The latest request, its review reason (set when rejected) and times. */
  request: z.int().nullable(),
  reason: z.string().nullable(),
  submitted_at: timestampField().nullable(),
  reviewed_at: timestampField().nullable(),
  /** Only the owner verifies the account; sub-users see the status only. */
  is_owner: z.boolean(),
  /** The drafts and the latest request's images (owners only; empty for sub-users). */
  documents: z.array(verificationDocumentSchema),
});
export type MyVerification = z.infer<typeof myVerificationRow>;

/** One row of GET /api/VerificationQueue (staff): a pending request, oldest first. */
export const verificationQueueRow = z.object({
  /** The request's id. */
  id: z.int(),
  /** The account (client) id and its owner's name. */
  client: z.guid(),
  client_name: z.string(),
  company_name: z.string().nullable(),
  /** The owner's e-mail address. */
  email: z.string(),
  /** The account's country (ISO code). */
  country: z.string(),
  submitted_at: timestampField(),
  /** The photo ID's type, when the request holds one. */
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  /** The request's images (ids for VerificationDocumentImage). */
  documents: z.array(verificationDocumentSchema.pick({ id: true, kind: true, mime: true, size: true })),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueRow>;
