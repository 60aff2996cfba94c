/** POST /api/rpc/PasskeyDelete {p_id, p_password, p_code | p_passkey} → {success}: removes one of the caller's passkeys. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { twoFactorKey } from './get-my-two-factor';
import { passkeysKey } from './get-my-passkeys';
import { proofInput, type ProofChoice } from './passkey-proof';

/** Removes a passkey (with the password and a current second factor). */
export async function deletePasskey({ id, choice }: { id: number; choice: ProofChoice }): Promise<{ success: true }> {
  return api.rpc<{ success: true }>('PasskeyDelete', { p_id: id, ...(await proofInput(choice)) });
}

/** Mutation hook of {@link deletePasskey}. */
export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor', 'PasskeyDelete'],
    mutationFn: deletePasskey,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
      await queryClient.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}
