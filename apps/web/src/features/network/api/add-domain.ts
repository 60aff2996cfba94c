/** POST /api/rpc/MyDomainAdd {p_domain, p_provisioned_id} → {id, challenge_name, challenge_value}; DOMAIN_EXISTS, DOMAIN_TAKEN. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DomainAddAnswer, myDomainAddSchema } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type DomainAddBody = z.output<typeof myDomainAddSchema>;

export function addDomain(body: DomainAddBody): Promise<DomainAddAnswer> {
  return api.rpc('MyDomainAdd', body);
}

export function useAddDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addDomain,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.domains.all }),
  });
}
