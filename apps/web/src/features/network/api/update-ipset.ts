/**
 * PATCH /api/MyIpsets?ipset=eq.{id} {name?, comment?} → [ipsetRow] (spec 2 §7: IP sets are updated
 * with PATCH). The answer's row replaces the cached one at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { IpsetRow, updateIpsetSchema } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** The fields that change; the server takes the set's id from the filter (`p_ipset` of the schema). */
export type UpdateIpsetBody = Omit<z.output<typeof updateIpsetSchema>, 'p_ipset'>;

export async function updateIpset(ipset: number, body: UpdateIpsetBody): Promise<IpsetRow | null> {
  const rows = await api.patch<IpsetRow[] | null>('MyIpsets', { ipset: `eq.${ipset}` }, body);
  return Array.isArray(rows) ? (rows[0] ?? null) : null;
}

export function useUpdateIpset(ipset: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateIpsetBody) => updateIpset(ipset, body),
    onSuccess: (row) => {
      if (row) client.setQueryData(queryKeys.ipsets.one(ipset), row);
      return client.invalidateQueries({ queryKey: queryKeys.ipsets.all });
    },
  });
}
