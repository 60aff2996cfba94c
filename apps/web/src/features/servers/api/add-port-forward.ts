/**
 * POST /api/rpc/AddPortForwarding {p_provisioned_id, p_internal_port, p_protocol, p_external_port?,
 * p_comment?}: forwards a port of the location's gateway to the server (without an external port
 * the next free one is taken). The gateway's answer arrives live on the port-forwarding hub.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from '@portside/contract/zod';
import type { addPortForwardingSchema, PortForwardAnswer } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type AddPortForwardBody = z.output<typeof addPortForwardingSchema>;

export function addPortForward(body: AddPortForwardBody): Promise<PortForwardAnswer> {
  return api.rpc<PortForwardAnswer>('AddPortForwarding', body);
}

export function useAddPortForward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPortForward,
    // The server's list and IP management's list of every forward.
    onSettled: (_a, _e, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.vms.portForwards(body.p_provisioned_id) }),
        client.invalidateQueries({ queryKey: queryKeys.myIps.portForwards() }),
      ]),
  });
}
