/**
 * POST /api/rpc/FileUpload (multipart/form-data) with p_category 'client' and p_client: a file the
 * reseller keeps about one of its clients (an image under 2 MB, judged by its bytes on the server;
 * another account's client is RESELLER_CLIENT_NOT_FOUND, a repeat UPLOAD_DUPLICATE).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FILE_UPLOAD_FIELD, type AttachmentItem } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function uploadClientFile({ client, file }: { client: string; file: File }): Promise<AttachmentItem> {
  const form = new FormData();
  form.append('p_category', 'client');
  form.append('p_client', client);
  form.append(FILE_UPLOAD_FIELD, file, file.name);
  return api.upload<AttachmentItem>('FileUpload', form);
}

export function useUploadClientFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadClientFile,
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: queryKeys.reseller.files(v.client) }),
  });
}
