/**
 * POST /api/rpc/ProfileUpdateBillingAddress {p_company_name, p_address, p_address2, p_city,
 * p_country, p_phone_prefix, p_phone_number, p_state, p_postcode, p_vat_number} → {success}
 * (account owner only); the profile is reloaded afterwards.
 */
import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateBillingAddressBody } from '@portside/contract/schemas/settings';
import { api } from '../../../shared/api/client';
import { loadProfile } from '../../../shared/session/auth';

export async function updateBillingAddress(body: ProfileUpdateBillingAddressBody): Promise<{ success: boolean }> {
  const answer = await api.rpc<{ success: boolean }>('ProfileUpdateBillingAddress', body);
  await loadProfile();
  return answer;
}

export function useUpdateBillingAddress() {
  return useMutation({ mutationKey: ['settings', 'ProfileUpdateBillingAddress'], mutationFn: updateBillingAddress });
}
