/**
 * POST /api/rpc/VmWindowsBIOSUpdate {p_provisioned_id, p_bios} and VmWindowsTPMUpdate
 * {p_provisioned_id, p_tpm}: a Windows server's firmware (SeaBIOS or OVMF/UEFI) and its TPM 2.0,
 * changed while it is stopped.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { vmBiosSchema, vmTpmSchema } from '@portside/contract/schemas/vm-lifecycle';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export type VmBiosInput = z.infer<typeof vmBiosSchema>;
export type VmTpmInput = z.infer<typeof vmTpmSchema>;

export function updateBios(body: VmBiosInput): Promise<OperationStarted> {
  return operationRpc('VmWindowsBIOSUpdate', body);
}

export function updateTpm(body: VmTpmInput): Promise<OperationStarted> {
  return operationRpc('VmWindowsTPMUpdate', body);
}

export function useUpdateBios() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateBios, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}

export function useUpdateTpm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateTpm, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
