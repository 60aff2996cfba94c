/** POST /api/rpc/ServerUpdateIPMIAccess {p_serial, p_enabled}: turns IPMI access over WireGuard on or off. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateDedicated } from '../lib/invalidate';

export function updateIpmiAccess(serial: string, enabled: boolean): Promise<unknown> {
  return api.rpc('ServerUpdateIPMIAccess', { p_serial: serial, p_enabled: enabled });
}

export function useUpdateIpmiAccess(serial: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => updateIpmiAccess(serial, enabled),
    onSettled: () => invalidateDedicated(client),
  });
}
