/**
 * POST /api/rpc/ServersOrderIP {p_serial, p_prefix}: one more IPv4 address (/32) or a routed subnet
 * (/29, /28) for the server, billed monthly as a service from now on; answers the new address.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdditionalIp, AdditionalIpPrefix } from '@portside/contract/schemas/dedicated';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { invalidateDedicated } from '../lib/invalidate';

export function orderIp(serial: string, prefix: AdditionalIpPrefix = 32): Promise<AdditionalIp> {
  return api.rpc<AdditionalIp>('ServersOrderIP', prefix === 32 ? { p_serial: serial } : { p_serial: serial, p_prefix: prefix });
}

export function useOrderIp(serial: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefix: AdditionalIpPrefix) => orderIp(serial, prefix),
    onSettled: async () => {
      // The address is a new service of the account (My services) as well.
      await Promise.all([invalidateDedicated(client), client.invalidateQueries({ queryKey: queryKeys.services.all })]);
    },
  });
}
