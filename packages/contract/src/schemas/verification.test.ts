import { describe, expect, it } from 'vitest';
import { fieldErrors } from './issues';
import { verificationApproveSchema, verificationRejectSchema, verificationUploadFieldsSchema } from './verification';

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));

describe('verificationUploadFieldsSchema', () => {
  it('accepts a photo ID with its type and a selfie without one', () => {
    expect(verificationUploadFieldsSchema.parse({ kind: 'document', document_type: 'passport' })).toEqual({
      kind: 'document',
      document_type: 'passport',
    });
    expect(verificationUploadFieldsSchema.parse({ kind: 'selfie', document_type: '' })).toEqual({ kind: 'selfie' });
  });

  it('needs the document type for the photo ID and refuses unknown types and kinds', () => {
    expect(errorsOf(verificationUploadFieldsSchema.safeParse({ kind: 'document' }))).toEqual({
      document_type: 'document_type_invalid',
    });
    expect(errorsOf(verificationUploadFieldsSchema.safeParse({ kind: 'document', document_type: 'library_card' }))).toEqual({
      document_type: 'document_type_invalid',
    });
    expect(errorsOf(verificationUploadFieldsSchema.safeParse({ kind: 'avatar' }))).toEqual({ kind: 'upload_kind_invalid' });
  });
});

describe('the review bodies', () => {
  it('take the request id as a number or a string of digits', () => {
    expect(verificationApproveSchema.parse({ p_request: 7 })).toEqual({ p_request: 7 });
    expect(verificationApproveSchema.parse({ p_request: '12' })).toEqual({ p_request: 12 });
  });

  it.each([[0], [-1], [1.5], ['x'], [''], [null], [true], [undefined]])('refuses the request id %j', (v) => {
    expect(errorsOf(verificationApproveSchema.safeParse({ p_request: v }))).toEqual({
      p_request: 'verification_request_invalid',
    });
  });

  it('requires a non-blank reason to reject', () => {
    expect(errorsOf(verificationRejectSchema.safeParse({ p_request: 1, p_reason: '   ' }))).toEqual({
      p_reason: 'verification_reason_empty',
    });
    expect(errorsOf(verificationRejectSchema.safeParse({ p_request: 1 }))).toEqual({ p_reason: 'verification_reason_empty' });
    expect(verificationRejectSchema.parse({ p_request: 1, p_reason: ' Photo is blurred ' })).toEqual({
      p_request: 1,
      p_reason: 'Photo is blurred',
    });
  });
});
