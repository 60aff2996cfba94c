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
import { owner, role } from '../../http/access.js';
import { defineFile, defineRpc, type AnyFile, type AnyRpc } from '../../routes/route-defs.js';
import type { UploadedFile } from '../../http/multipart.js';
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
