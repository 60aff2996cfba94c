/**
 * POST /api/rpc/FileUpload (multipart/form-data): one ticket attachment, uploaded as soon as it is
 * picked, in the field `file` with `p_category` 'ticket'; the answer's id goes with CreateTicket or
 * RespondToTicket. The server checks the bytes again and refuses a repeat (UPLOAD_DUPLICATE).
 */
import { useMutation } from '@tanstack/react-query';
import { FILE_UPLOAD_FIELD, type AttachmentItem } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';

export function uploadTicketFile(file: File): Promise<AttachmentItem> {
  const form = new FormData();
  form.append('p_category', 'ticket');
  form.append(FILE_UPLOAD_FIELD, file, file.name);
  return api.upload<AttachmentItem>('FileUpload', form);
}

export function useUploadTicketFile() {
  return useMutation({ mutationKey: ['tickets', 'upload'], mutationFn: uploadTicketFile });
}
