/** POST /api/rpc/CreateIpset {p_name, p_comment?, p_ips?} → {ipset, name, added, duplicates, count}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createIpsetSchema } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type CreateIpsetBody = z.output<typeof createIpsetSchema>;

export interface CreateIpsetAnswer {
  ipset: number;
  name: string;
  added: number;
  duplicates: number;
  count: number;
}

export function createIpset(body: CreateIpsetBody): Promise<CreateIpsetAnswer> {
  return api.rpc('CreateIpset', body);
}

export function useCreateIpset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createIpset,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ipsets.all }),
  });
}
