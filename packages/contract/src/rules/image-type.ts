/**
 * The image upload rule of spec 1 §5: JPEG, PNG, GIF, BMP or WEBP only, under 2 MB. The type is
 * read from the file's first bytes (its magic number), never from its name or declared type, so a
 * PNG named .jpg passes and a text file named .png does not. Used by the web before uploading and
 * by the server on what it receives.
 */
import { LIMITS } from '../constants';
import type { MessageKey } from '../messages';

/** The accepted image types, as MIME types. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp'] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

/** How many leading bytes {@link detectImageType} needs to see. */
export const IMAGE_HEADER_BYTES = 32;

/** Sizes of the BMP info headers (BITMAPCOREHEADER … BITMAPV5HEADER). */
const BMP_INFO_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

function uint32le(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) >>> 0) + bytes[at + 3]! * 0x1000000;
}

/**
 * 'BM' alone is too weak (any text starting with "BM" has it): also require the reserved bytes to
 * be zero and a known info-header size, which every real bitmap has.
 */
function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 18 || !startsWith(bytes, ascii('BM'))) return false;
  const reservedZero = bytes[6] === 0 && bytes[7] === 0 && bytes[8] === 0 && bytes[9] === 0;
  return reservedZero && BMP_INFO_HEADER_SIZES.has(uint32le(bytes, 14));
}

/**
 * The image type of a file from its first bytes (at least {@link IMAGE_HEADER_BYTES} when the
 * file is that long), or null when it is none of the accepted types.
 */
export function detectImageType(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (isBmp(bytes)) return 'image/bmp';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) && startsWith(bytes, ascii('VP8'), 12)) {
    return 'image/webp';
  }
  return null;
}

/**
 * The upload rule: null when `size` bytes starting with `header` are an accepted image under
 * 2 MB; otherwise the message key to show ('upload_file_empty' for an empty file).
 */
export function checkImageUpload(header: Uint8Array, size: number): MessageKey | null {
  if (size <= 0) return 'upload_file_empty';
  if (size >= LIMITS.uploadMaxBytes) return 'upload_invalid_image';
  return detectImageType(header) ? null : 'upload_invalid_image';
}

/** A file name extension for a detected type (for names of downloads; never used to decide the type). */
export function imageExtension(mime: ImageMime): string {
  return mime === 'image/jpeg' ? 'jpg' : mime.slice('image/'.length);
}
