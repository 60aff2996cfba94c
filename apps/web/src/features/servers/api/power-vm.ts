/**
 * POST /api/rpc/VmStart | VmStop | VmReboot | VmReset | VmPowerCycle {p_provisioned_id}: the five
 * power calls share one body and answer; each answers at once with {operation_id, message} and
 * the VM's operation and power_status show the progress.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateVms } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';
import type { PowerAction } from '../lib/vm-rules';

const RPC: Readonly<Record<PowerAction, string>> = {
  start: 'VmStart',
  stop: 'VmStop',
  reboot: 'VmReboot',
  reset: 'VmReset',
  'power-cycle': 'VmPowerCycle',
};

export function powerVm(action: PowerAction, id: number): Promise<OperationStarted> {
  return operationRpc(RPC[action], { p_provisioned_id: id });
}

export function usePowerVm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: PowerAction; id: number }) => powerVm(action, id),
    onSettled: () => invalidateVms(client),
  });
}
