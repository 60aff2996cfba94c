/** POST /api/rpc/UploadSSHKeys — one OpenSSH public key per line; all or nothing, bad lines named. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadSshKeysBody, UploadSshKeysResult } from '@portside/contract/schemas/ssh-keys';
import { api } from '../../../shared/api/client';
import { invalidateKeys } from '../lib/invalidate';

export function uploadSshKeys(body: UploadSshKeysBody): Promise<UploadSshKeysResult> {
  return api.rpc('UploadSSHKeys', body);
}

export function useUploadSshKeys() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadSshKeys, onSuccess: () => invalidateKeys(client) });
}
