/**
 * POST /api/rpc/AddFirewallRule {p_provisioned_id, p_rules, p_block_others, p_revision}: saves the
 * server's whole rule list, in order, and 'block everything else' as one batch (spec 1 §4: about
 * 40 seconds). The answer names the operation; its progress arrives live on the power hub.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddFirewallRuleBody } from '@portside/contract/schemas/network';
import { invalidateVms } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function saveFirewallRules(body: AddFirewallRuleBody): Promise<OperationStarted> {
  return operationRpc('AddFirewallRule', body);
}

export function useSaveFirewallRules() {
  const client = useQueryClient();
  // The rules' key is under 'vms': one invalidation reads the server and its rules again.
  return useMutation({ mutationFn: saveFirewallRules, onSettled: () => invalidateVms(client) });
}
