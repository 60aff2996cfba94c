/**
 * POST /api/rpc/ServerPowerAction {p_serial, p_action}: starts a power function as a job and
 * answers at once; its progress arrives as live messages and in ServerStats' power_job.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DedicatedPowerAction, ServerPowerActionBody } from '@portside/contract/schemas/dedicated';
import { api } from '../../../shared/api/client';
import { invalidateDedicated } from '../lib/invalidate';

export function runPowerAction(serial: string, action: DedicatedPowerAction): Promise<{ success: boolean }> {
  const body: ServerPowerActionBody = { p_serial: serial, p_action: action };
  return api.rpc<{ success: boolean }>('ServerPowerAction', body);
}

export function useRunPowerAction(serial: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: DedicatedPowerAction) => runPowerAction(serial, action),
    onSettled: () => invalidateDedicated(client),
  });
}
