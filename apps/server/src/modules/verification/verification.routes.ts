/**
 * Identity verification (/verification, /verification-queue): the owner's uploads and submit, the
 * staff's review queue, and the document images.
 */
import { LIMITS } from '@portside/contract/constants';
import {
  UPLOAD_FILE_FIELD,
  verificationApproveSchema,
  verificationRejectSchema,
  verificationSubmitSchema,
  verificationUploadSchema,
} from '@portside/contract/schemas/verification';
import { owner, role } from '../../http/access.js';
import { defineFile, defineRpc, type AnyFile, type AnyRpc } from '../../routes/route-defs.js';
import { uploadedImage } from '../../http/multipart.js';
import { documentImageForStaff, ownDocumentImage, reviewVerification } from './verification.review.js';
import { submitVerification, uploadDocument } from './verification.service.js';
import { answerField, target } from '../audit/audit-target.js';

export const verificationRpcs: AnyRpc[] = [
  defineRpc({
    name: 'VerificationUpload',
    access: owner,
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
    access: owner,
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

export const verificationFiles: AnyFile[] = [
  defineFile({ name: 'VerificationDocumentImage', access: role('staff'), handler: documentImageForStaff }),
  defineFile({ name: 'MyVerificationDocumentImage', access: owner, handler: ownDocumentImage }),
];
