/**
 * POST /api/rpc/SetReverseDns {p_address, p_hostname} → {address, ptr, ptr_state}; '' resets the
 * address to the provider's default name. The answer's state shows in the list at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SystemIpRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type ReverseDnsAnswer = Pick<SystemIpRow, 'address' | 'ptr' | 'ptr_state'>;

export function setReverseDns(address: string, hostname: string): Promise<ReverseDnsAnswer> {
  return api.rpc('SetReverseDns', { p_address: address, p_hostname: hostname });
}

export function useSetReverseDns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ address, hostname }: { address: string; hostname: string }) => setReverseDns(address, hostname),
    onSuccess: (answer) => {
      client.setQueryData<SystemIpRow[]>(queryKeys.myIps.system(), (rows) =>
        rows?.map((r) => (r.address === answer.address ? { ...r, ptr: answer.ptr, ptr_state: answer.ptr_state } : r)),
      );
      return client.invalidateQueries({ queryKey: queryKeys.myIps.system() });
    },
  });
}
