/** POST /api/rpc/ProfilesDelete (staff): deletes one user of an account (never an owner). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilesDeleteBody } from '@portside/contract/schemas/clients';
import { api } from '../../../shared/api/client';
import { STAFF_KEY } from './staff-list';

export function useProfilesDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...STAFF_KEY, 'ProfilesDelete'],
    mutationFn: (body: ProfilesDeleteBody) => api.rpc<{ success: true; email: string }>('ProfilesDelete', body),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
