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

/**
 * The SHA-256 of a file as hex, to spot the same image chosen twice; null where the browser
 * offers no Web Crypto (plain http on another host) — the server still refuses duplicates.
 */
export async function sha256Hex(file: Blob): Promise<string | null> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A data: URL of an image, for previews. The content security policy allows images from the site
 * and data: URLs only, so blob: URLs would not show.
 */
export function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The accept attribute of the file inputs. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/bmp,image/webp';
