/**
 * Client-side checks of a chosen image before it is uploaded — the same rule and messages as the
 * server (contract `checkImageUpload`: JPEG, PNG, GIF, BMP or WEBP by its first bytes, under 2 MB) —
 * plus what the uploader needs to show and compare files.
 */
import type { MessageKey } from '@portside/contract/messages';
import { IMAGE_HEADER_BYTES, checkImageUpload } from '@portside/contract/rules/image-type';

/** The message key refusing `file`, or null when it may be uploaded. */
export async function checkImageFile(file: Blob): Promise<MessageKey | null> {
  const header = new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer());
  return checkImageUpload(header, file.size);
}

/** The accept attribute of the file inputs. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/bmp,image/webp';

export { sha256Hex, toDataUrl } from '../../../shared/forms/image-blob';
