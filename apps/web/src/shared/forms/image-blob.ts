/**
 * Helpers for images a user picks or the API sends (identity documents, ticket attachments): the
 * file's hash to spot a repeat, and a data: URL to show it under the content security policy.
 */

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
