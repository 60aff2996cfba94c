/** POST /api/rpc/PasskeyDelete {p_id, p_password} → {success}: removes one of the caller's passkeys. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeyDeleteInput } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';
import { passkeysKey } from './get-my-passkeys';

/** Removes a passkey (the password must be right). */
export function deletePasskey(body: PasskeyDeleteInput): Promise<{ success: true }> {
  return api.rpc<{ success: true }>('PasskeyDelete', body);
}

/** Mutation hook of {@link deletePasskey}. */
export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor', 'PasskeyDelete'],
    mutationFn: deletePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
