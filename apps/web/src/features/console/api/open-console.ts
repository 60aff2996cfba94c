/** POST /api/rpc/VmConsole {p_provisioned_id} (claim menu-see-cloud-servers): a one-time console-open link. */
import { useMutation } from '@tanstack/react-query';
import type { VmConsoleAnswer } from '@portside/contract/console';
import { api } from '../../../shared/api/client';

export function openConsole(provisionedId: number): Promise<VmConsoleAnswer> {
  return api.rpc<VmConsoleAnswer>('VmConsole', { p_provisioned_id: provisionedId });
}

export function useOpenConsole() {
  return useMutation({ mutationFn: openConsole });
}
