/**
 * POST /api/rpc/VerificationUpload (multipart/form-data): fields kind and document_type, the image
 * in `file`. A new image of a kind replaces the earlier draft of that kind.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UPLOAD_FILE_FIELD,
  type DocumentType,
  type UploadKind,
  type VerificationDocument,
} from '@portside/contract/schemas/verification';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export interface UploadVerificationImageInput {
  kind: UploadKind;
  documentType?: DocumentType;
  file: File;
}

export async function uploadVerificationImage(input: UploadVerificationImageInput): Promise<{ document: VerificationDocument }> {
  const form = new FormData();
  form.append('kind', input.kind);
  if (input.kind === 'document' && input.documentType) form.append('document_type', input.documentType);
  form.append(UPLOAD_FILE_FIELD, input.file, input.file.name);
  return api.upload('VerificationUpload', form);
}

export function useUploadVerificationImage() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['verification', 'upload'],
    mutationFn: uploadVerificationImage,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.verification.mine() }),
  });
}
