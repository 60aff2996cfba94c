/** POST /api/rpc/DeleteSSHKeys {p_ids} → {success, deleted}; all named keys or none. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteSshKeysBody } from '@portside/contract/schemas/ssh-keys';
import { api } from '../../../shared/api/client';
import { invalidateKeys } from '../lib/invalidate';

export function deleteSshKeys(body: DeleteSshKeysBody): Promise<{ success: true; deleted: number }> {
  return api.rpc('DeleteSSHKeys', body);
}

export function useDeleteSshKeys() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSshKeys, onSuccess: () => invalidateKeys(client) });
}
