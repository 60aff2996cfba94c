/**
 * The checks of the upload forms, the contract's own (schemas/vm-data): the message key of the
 * first problem of a URL or a file name, or null. An empty name is no problem (it is optional).
 */
import { isoFileNameField, isoUploadUrlSchema } from '@portside/contract/schemas/vm-data';
import { isMessageKey, type MessageKey } from '@portside/contract/messages';

function firstKey(result: { success: boolean; error?: { issues: readonly { message: string }[] } }): MessageKey | null {
  if (result.success) return null;
  const key = result.error?.issues[0]?.message ?? 'invalid_data';
  return isMessageKey(key) ? key : 'invalid_data';
}

/** The problem of a download URL. */
export function isoUrlProblem(url: string): MessageKey | null {
  return firstKey(isoUploadUrlSchema.shape.p_url.safeParse(url.trim()));
}

/** The problem of a file name to keep the image under ('' means none given). */
export function isoNameProblem(name: string): MessageKey | null {
  return name.trim() === '' ? null : firstKey(isoFileNameField.safeParse(name.trim()));
}

/** The share (0 to 1) as a whole percent for the progress bar. */
export function percentOf(share: number): number {
  return Math.max(0, Math.min(100, Math.round(share * 100)));
}
