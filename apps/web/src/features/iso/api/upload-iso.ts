/**
 * POST /api/rpc/IsoUpload: a new ISO image of the account, answered at once with its MyIso row —
 * by URL ({p_url, p_name?}: a job downloads it, its progress arrives live) or as a file (a
 * multipart/form-data POST with a `file` part and an optional `name`, its upload progress shown).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IsoRow, IsoUploadUrlInput } from '@portside/contract/schemas/vm-data';
import { api } from '../../../shared/api/client';
import { uploadWithProgress } from '../../../shared/api/upload-with-progress';
import { queryKeys } from '../../../shared/api/query-keys';

export function uploadIsoUrl(body: IsoUploadUrlInput): Promise<IsoRow> {
  return api.rpc<IsoRow>('IsoUpload', body);
}

export interface IsoFileUpload {
  file: File;
  /** The name to keep it under; the file's own name when left out. */
  name?: string;
  /** The share sent so far, 0 to 1. */
  onProgress: (share: number) => void;
  signal?: AbortSignal;
}

export function uploadIsoFile({ file, name, onProgress, signal }: IsoFileUpload): Promise<IsoRow> {
  const form = new FormData();
  if (name) form.append('name', name);
  form.append('file', file, file.name);
  return uploadWithProgress<IsoRow>('IsoUpload', form, onProgress, signal);
}

export function useUploadIsoUrl() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadIsoUrl, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.iso.all }) });
}

export function useUploadIsoFile() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadIsoFile, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.iso.all }) });
}
