/** POST /api/rpc/AddMyProject {p_name} → {success, project}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddMyProjectBody } from '@portside/contract/schemas/projects';
import { api } from '../../../shared/api/client';
import { invalidateProjects } from '../lib/invalidate';

export function addProject(body: AddMyProjectBody): Promise<{ success: true; project: number }> {
  return api.rpc('AddMyProject', body);
}

export function useAddProject() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addProject, onSuccess: () => invalidateProjects(client) });
}
