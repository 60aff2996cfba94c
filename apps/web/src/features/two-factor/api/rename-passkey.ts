/** POST /api/rpc/PasskeyRename {p_id, p_name} → {id, name, old_name}: gives one of the caller's passkeys another name. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { passkeysKey } from './get-my-passkeys';

/** Renames a passkey (only its label: no proof is asked). */
export function renamePasskey({ id, name }: { id: number; name: string }): Promise<{ id: number; name: string }> {
  return api.rpc<{ id: number; name: string }>('PasskeyRename', { p_id: id, p_name: name });
}

/** Mutation hook of {@link renamePasskey}. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor', 'PasskeyRename'],
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
