/** POST /api/rpc/ServerInstallStep (staff): moves an install forward, recording the machine's serial at 'racked'. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstallStep } from '@portside/contract/schemas/dedicated';

/** The body of ServerInstallStep. */
export interface InstallStepBody {
  p_serial: string;
  p_step: InstallStep;
  p_new_serial?: string;
}
import { api } from '../../../shared/api/client';
import { STAFF_KEY } from './staff-list';

export function useServerInstallStep() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...STAFF_KEY, 'ServerInstallStep'],
    mutationFn: (body: InstallStepBody) => api.rpc<{ success: true; serial: string }>('ServerInstallStep', body),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
