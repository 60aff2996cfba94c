/** POST /api/rpc/ServicesUpdateAdditionalIPComment {p_equipment_id, p_comment}: the note on an additional address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateDedicated } from '../lib/invalidate';

export function updateIpComment(equipmentId: number, comment: string): Promise<unknown> {
  return api.rpc('ServicesUpdateAdditionalIPComment', { p_equipment_id: equipmentId, p_comment: comment });
}

export function useUpdateIpComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ equipmentId, comment }: { equipmentId: number; comment: string }) => updateIpComment(equipmentId, comment),
    onSuccess: () => invalidateDedicated(client),
  });
}
