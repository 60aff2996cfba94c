/**
 * POST /api/rpc/ProfileUpdateVoucher {p_voucher} → {success} (account owner only): redeems a
 * voucher, replacing the account's earlier one. Afterwards the profile (customer details) is
 * reloaded, so the badge shows the new code, and every cached answer is refetched: the voucher
 * changes the prices shown elsewhere (the servers' cost breakdowns).
 */
import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateVoucherInput } from '@portside/contract/schemas/profile';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { loadProfile } from '../../../shared/session/auth';

export async function updateVoucher(body: ProfileUpdateVoucherInput): Promise<{ success: boolean }> {
  const answer = await api.rpc<{ success: boolean }>('ProfileUpdateVoucher', body);
  await loadProfile();
  await queryClient.invalidateQueries();
  return answer;
}

export function useUpdateVoucher() {
  return useMutation({ mutationKey: ['voucher', 'ProfileUpdateVoucher'], mutationFn: updateVoucher });
}
