/**
 * POST /api/rpc/SessionEnd {p_session} → {success}: logs one of the user's other sessions out; its
 * token is refused from then on. 404 when it is no longer open (it ended meanwhile). The list is
 * read again either way.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionEndInput } from '@portside/contract/schemas/sessions';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function endSession(body: SessionEndInput): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('SessionEnd', body);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'SessionEnd'],
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.sessions() }),
  });
}
