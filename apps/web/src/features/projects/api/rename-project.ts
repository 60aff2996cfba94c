/** POST /api/rpc/UpdateProjectName {p_project, p_name}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProjectNameBody } from '@portside/contract/schemas/projects';
import { api } from '../../../shared/api/client';
import { invalidateProjects } from '../lib/invalidate';

export function renameProject(body: UpdateProjectNameBody): Promise<{ success: true }> {
  return api.rpc('UpdateProjectName', body);
}

export function useRenameProject() {
  const client = useQueryClient();
  return useMutation({ mutationFn: renameProject, onSuccess: () => invalidateProjects(client) });
}
