/**
 * POST /api/rpc/VmsUpdateProject {p_vms: provisioned ids as text, p_project}: moves servers to a
 * project. Project lists count servers, so they are stale afterwards too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmsUpdateProjectBody } from '@portside/contract/schemas/projects';
import { api } from '../../../shared/api/client';
import { invalidateVms } from '../lib/invalidate';
import { queryKeys } from '../../../shared/api/query-keys';

export function updateVmsProject(body: VmsUpdateProjectBody): Promise<{ success: true }> {
  return api.rpc('VmsUpdateProject', body);
}

export function useUpdateVmsProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateVmsProject,
    onSettled: () => Promise.all([invalidateVms(client), client.invalidateQueries({ queryKey: queryKeys.projects.all })]),
  });
}
