/** POST /api/rpc/CopySSHKeysToProject {p_ids, p_project} → {success, copied, skipped}; keys the project holds are skipped. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopySshKeysResult, CopySshKeysToProjectBody } from '@portside/contract/schemas/ssh-keys';
import { api } from '../../../shared/api/client';
import { invalidateKeys } from '../lib/invalidate';

export function copySshKeys(body: CopySshKeysToProjectBody): Promise<CopySshKeysResult> {
  return api.rpc('CopySSHKeysToProject', body);
}

export function useCopySshKeys() {
  const client = useQueryClient();
  return useMutation({ mutationFn: copySshKeys, onSuccess: () => invalidateKeys(client) });
}
