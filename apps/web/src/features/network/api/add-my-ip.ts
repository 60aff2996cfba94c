/** POST /api/rpc/MyIPAdd {p_address, p_comment?} → myIpRow; IP_EXISTS when the account lists it already. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MyIpRow, myIpAddSchema } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type MyIpAddBody = z.output<typeof myIpAddSchema>;

export function addMyIp(body: MyIpAddBody): Promise<MyIpRow> {
  return api.rpc('MyIPAdd', body);
}

export function useAddMyIp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addMyIp,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myIps.mine() }),
  });
}
