/** PATCH /api/VmAddons?code=eq.{code} (staff): an add-on's price (backups: a percent) from a day on → [the changed row]. */
import { useMutation } from '@tanstack/react-query';
import type { VmAddonCode, VmAddonRow } from '@portside/contract/schemas/cloud-prices';
import { api } from '../../../shared/api/client';
import { useRefreshPrices } from '../lib/use-refresh-prices';

export function updateVmAddon(c: { code: VmAddonCode; cents: number; effectiveFrom: string }): Promise<VmAddonRow[]> {
  return api.patch<VmAddonRow[]>('VmAddons', { code: `eq.${c.code}` }, { p_cents: c.cents, p_effective_from: c.effectiveFrom });
}

export function useUpdateVmAddon() {
  const refresh = useRefreshPrices();
  return useMutation({ mutationKey: ['cloud-prices', 'update-addon'], mutationFn: updateVmAddon, onSettled: refresh });
}
