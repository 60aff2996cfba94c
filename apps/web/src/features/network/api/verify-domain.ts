/**
 * POST /api/rpc/MyDomainVerify {p_id} → {verified: true, verified_at}: looks for the TXT record now.
 * DOMAIN_NOT_VERIFIED (422) when it is not there yet, DNS_UNAVAILABLE (503) when the DNS does not
 * answer; the list is refreshed either way, as the portal notes when it last checked.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function verifyDomain(id: number): Promise<{ verified: true; verified_at: string }> {
  return api.rpc('MyDomainVerify', { p_id: id });
}

export function useVerifyDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyDomain,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.domains.all }),
  });
}
