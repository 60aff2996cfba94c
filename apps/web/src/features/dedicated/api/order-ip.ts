/**
 * POST /api/rpc/ServersOrderIP {p_serial}: one more IPv4 address for the server, billed monthly
 * as a service from now on; answers the new address.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdditionalIp } from '@portside/contract/schemas/dedicated';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { invalidateDedicated } from '../lib/invalidate';

export function orderIp(serial: string): Promise<AdditionalIp> {
  return api.rpc<AdditionalIp>('ServersOrderIP', { p_serial: serial });
}

export function useOrderIp(serial: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => orderIp(serial),
    onSettled: async () => {
      // The address is a new service of the account (My services) as well.
      await Promise.all([invalidateDedicated(client), client.invalidateQueries({ queryKey: queryKeys.services.all })]);
    },
  });
}
