/**
 * Browser-side checks of a ticket attachment before it is uploaded, with the server's rule and
 * messages: an image under 2 MB by its first bytes (contract `checkImageUpload`), and of the
 * ticket types only, jpg or png (TICKET_ATTACHMENT_TYPES) — never by the file's name.
 */
import type { MessageKey } from '@portside/contract/messages';
import { IMAGE_HEADER_BYTES, checkImageUpload, detectImageType } from '@portside/contract/rules/image-type';
import { TICKET_ATTACHMENT_TYPES } from '@portside/contract/schemas/support';

/** The message key refusing `file` as a ticket attachment, or null when it may be uploaded. */
export async function checkTicketImage(file: Blob): Promise<MessageKey | null> {
  const header = new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer());
  const refused = checkImageUpload(header, file.size);
  if (refused) return refused;
  const type = detectImageType(header);
  return type && (TICKET_ATTACHMENT_TYPES as readonly string[]).includes(type) ? null : 'ticket_attachment_type';
}

/** The accept attribute of the attachment inputs (a hint to the picker; the bytes decide). */
export const TICKET_IMAGE_ACCEPT = TICKET_ATTACHMENT_TYPES.join(',');

export { sha256Hex, toDataUrl } from '../../../shared/forms/image-blob';
