/** POST /api/rpc/MakeProjectDefault {p_project}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectRefBody } from '@portside/contract/schemas/projects';
import { api } from '../../../shared/api/client';
import { invalidateProjects } from '../lib/invalidate';

export function makeProjectDefault(body: ProjectRefBody): Promise<{ success: true }> {
  return api.rpc('MakeProjectDefault', body);
}

export function useMakeProjectDefault() {
  const client = useQueryClient();
  return useMutation({ mutationFn: makeProjectDefault, onSuccess: () => invalidateProjects(client) });
}
