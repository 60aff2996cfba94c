/**
 * POST /api/rpc/ServerUpdateIloPassword {p_serial, p_password}: sets the password of the
 * customer's own account on the server's BMC; answers the account's login name.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateDedicated } from '../lib/invalidate';

export interface IloPasswordAnswer {
  success: boolean;
  ilo_login: string;
}

export function updateIloPassword(serial: string, password: string): Promise<IloPasswordAnswer> {
  return api.rpc<IloPasswordAnswer>('ServerUpdateIloPassword', { p_serial: serial, p_password: password });
}

export function useUpdateIloPassword(serial: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => updateIloPassword(serial, password),
    onSuccess: () => invalidateDedicated(client),
  });
}
