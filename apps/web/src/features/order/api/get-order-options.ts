/**
 * The builder's project and SSH key choices: GET /api/MyProjects (default first) and
 * GET /api/MySSHKeys (every key of the account with its project). Keyed under 'projects' and
 * 'ssh-keys' so changes made in those areas refresh them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface ProjectChoice {
  project: number;
  name: string;
  is_default: boolean;
}
export interface SshKeyChoice {
  id: number;
  name: string;
  project: number;
  project_name: string;
}

export function projectChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['projects', 'order-choices'],
    queryFn: ({ signal }) =>
      api.get<ProjectChoice[]>(
        'MyProjects',
        { select: 'project,name,is_default', order: 'is_default.desc,name.asc' },
        { signal },
      ),
  });
}

export function sshKeyChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['ssh-keys', 'order-choices'],
    queryFn: ({ signal }) =>
      api.get<SshKeyChoice[]>(
        'MySSHKeys',
        { select: 'id,name,project,project_name', order: 'name.asc', limit: '1000' },
        { signal },
      ),
  });
}

/** `enabled`: only for users holding menu-see-cloud-servers (projects and keys are theirs, docs/access.md). */
export function useProjectChoices(enabled = true) {
  return useQuery({ ...projectChoicesQueryOptions(), enabled });
}

export function useSshKeyChoices(enabled = true) {
  return useQuery({ ...sshKeyChoicesQueryOptions(), enabled });
}
