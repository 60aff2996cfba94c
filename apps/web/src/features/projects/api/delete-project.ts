/** POST /api/rpc/DeleteMyProject {p_project}; refused for the default project and one holding VMs or SSH keys. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectRefBody } from '@portside/contract/schemas/projects';
import { api } from '../../../shared/api/client';
import { invalidateProjects } from '../lib/invalidate';

export function deleteProject(body: ProjectRefBody): Promise<{ success: true }> {
  return api.rpc('DeleteMyProject', body);
}

export function useDeleteProject() {
  const client = useQueryClient();
  // Not awaited: refetching would show the deleted project's page as 'not found' and unmount the
  // dialog before the caller's onSuccess (which leaves that page) could run.
  return useMutation({ mutationFn: deleteProject, onSuccess: () => void invalidateProjects(client) });
}
