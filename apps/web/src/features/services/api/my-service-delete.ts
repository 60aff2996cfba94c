/** POST /api/rpc/MyServiceDelete: cancels a service on a chosen day, moves the day, or (null) withdraws it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyServiceDeleteInput, ServiceChangeAnswer } from '@portside/contract/schemas/services';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function myServiceDelete(body: MyServiceDeleteInput): Promise<ServiceChangeAnswer> {
  return api.rpc<ServiceChangeAnswer>('MyServiceDelete', body);
}

export function useMyServiceDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['services', 'MyServiceDelete'],
    mutationFn: myServiceDelete,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.services.all }),
  });
}
