/** POST /api/rpc/ServerUpdateHostname {p_serial, p_hostname}: letters, digits and hyphens. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateDedicated } from '../lib/invalidate';

export function updateHostname(serial: string, hostname: string): Promise<unknown> {
  return api.rpc('ServerUpdateHostname', { p_serial: serial, p_hostname: hostname });
}

export function useUpdateHostname(serial: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hostname: string) => updateHostname(serial, hostname),
    onSuccess: () => invalidateDedicated(client),
  });
}
