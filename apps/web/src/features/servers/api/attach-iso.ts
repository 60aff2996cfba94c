/** POST /api/rpc/IsoAttach {p_provisioned_id, p_iso}: puts an ISO image of the account into the server's CD drive (may take up to 10 minutes). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IsoAttachInput } from '@portside/contract/schemas/vm-data';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function attachIso(body: IsoAttachInput): Promise<OperationStarted> {
  return operationRpc('IsoAttach', body);
}

export function useAttachIso() {
  const client = useQueryClient();
  return useMutation({ mutationFn: attachIso, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
