/**
 * POST /api/rpc/UnbanAPIAccessIP {p_ip} (staff) → {ip, cleared}: every counter of the address is
 * cleared, so its next login is accepted at once; IP_NOT_BANNED (404) when it had none left.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function unbanIp(ip: string): Promise<{ ip: string; cleared: number }> {
  return api.rpc<{ ip: string; cleared: number }>('UnbanAPIAccessIP', { p_ip: ip });
}

export function useUnbanIp() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'unban-ip'],
    mutationFn: unbanIp,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.staff.all }),
  });
}
