/**
 * The signed agreement checked before it is sent, with the server's own rule (contract
 * agreementUploadType): a PDF, JPEG or PNG by its first bytes, at most 5 MB. The server checks
 * again; this only spares a pointless upload.
 */
import { AGREEMENT_UPLOAD_MAX_BYTES, agreementUploadType } from '@portside/contract/schemas/reseller';

/** 'too_large', 'type', or null when the file can be sent. */
export async function checkAgreementFile(file: Blob): Promise<'too_large' | 'type' | null> {
  if (file.size > AGREEMENT_UPLOAD_MAX_BYTES) return 'too_large';
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  return agreementUploadType(head) ? null : 'type';
}
