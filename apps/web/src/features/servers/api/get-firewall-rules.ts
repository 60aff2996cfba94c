/**
 * GET /api/MyFirewallRules?provisioned_id=eq.{id}&order=pos.asc (vm-settings-firewall): one
 * server's inbound rules in the order they are matched.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FirewallRuleRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { BUSY_REFETCH_MS } from '../lib/live-refresh';

export function getFirewallRules(id: number, signal?: AbortSignal): Promise<FirewallRuleRow[]> {
  return api.get<FirewallRuleRow[]>('MyFirewallRules', { provisioned_id: `eq.${id}`, order: 'pos.asc' }, { signal });
}

export function firewallRulesQueryOptions(id: number, busy: boolean) {
  return queryOptions({
    queryKey: queryKeys.vms.firewallRules(id),
    queryFn: ({ signal }) => getFirewallRules(id, signal),
    // While the batch runs the rows are read again (their 'applied' flag), should no live message come.
    refetchInterval: busy ? BUSY_REFETCH_MS : false,
  });
}

/** The rules; `enabled` false (no vm-settings-firewall) asks nothing, since a 403 would end the session. */
export function useFirewallRules(id: number, busy: boolean, enabled = true) {
  return useQuery({ ...firewallRulesQueryOptions(id, busy), enabled });
}
