/** POST /api/rpc/AddClientService: the owner adds a service of the catalogue. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddClientServiceInput, ServiceChangeAnswer } from '@portside/contract/schemas/services';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function addClientService(body: AddClientServiceInput): Promise<ServiceChangeAnswer> {
  return api.rpc<ServiceChangeAnswer>('AddClientService', body);
}

export function useAddClientService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['services', 'AddClientService'],
    mutationFn: addClientService,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.services.all }),
  });
}
