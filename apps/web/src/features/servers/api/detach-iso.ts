/** POST /api/rpc/IsoDetach {p_provisioned_id}: empties the server's CD drive; a reboot boots without it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmRef } from '@portside/contract/schemas/vms';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function detachIso(body: VmRef): Promise<OperationStarted> {
  return operationRpc('IsoDetach', body);
}

export function useDetachIso() {
  const client = useQueryClient();
  return useMutation({ mutationFn: detachIso, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
