/** POST /api/rpc/MyServiceComment: sets a service's comment ('' removes it). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyServiceCommentInput } from '@portside/contract/schemas/services';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function myServiceComment(body: MyServiceCommentInput): Promise<{ success: true; comment: string | null }> {
  return api.rpc<{ success: true; comment: string | null }>('MyServiceComment', body);
}

export function useMyServiceComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['services', 'MyServiceComment'],
    mutationFn: myServiceComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.services.all }),
  });
}
