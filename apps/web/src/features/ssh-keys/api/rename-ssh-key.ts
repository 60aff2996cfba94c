/** POST /api/rpc/UpdateSSHKeyName {p_id, p_name}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSshKeyNameBody } from '@portside/contract/schemas/ssh-keys';
import { api } from '../../../shared/api/client';
import { invalidateKeys } from '../lib/invalidate';

export function renameSshKey(body: UpdateSshKeyNameBody): Promise<{ success: true }> {
  return api.rpc('UpdateSSHKeyName', body);
}

export function useRenameSshKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: renameSshKey, onSuccess: () => invalidateKeys(client) });
}
