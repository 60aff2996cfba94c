/**
 * POST /api/rpc/AccountDelete {p_confirm: 'DELETE', p_acknowledgements: [true, true, true, true]}
 * → {success, billing_kept}: deletes the account at once (owner only). Every session ends; the
 * page then goes to /logout, which clears this browser's session and tells the other tabs.
 */
import { useMutation } from '@tanstack/react-query';
import type { AccountDeleteInput } from '@portside/contract/schemas/settings';
import { api } from '../../../shared/api/client';

export interface AccountDeleteAnswer {
  success: boolean;
  billing_kept: boolean;
}

export function deleteAccount(body: AccountDeleteInput): Promise<AccountDeleteAnswer> {
  return api.rpc<AccountDeleteAnswer>('AccountDelete', body);
}

export function useDeleteAccount() {
  return useMutation({ mutationKey: ['settings', 'AccountDelete'], mutationFn: deleteAccount });
}
