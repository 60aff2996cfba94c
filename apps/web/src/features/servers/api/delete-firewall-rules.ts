/**
 * POST /api/rpc/DeleteFirewallRule {p_provisioned_id, p_ids, p_revision}: removes saved rules of
 * one server as one batch (the Firewall tab's 'Delete all rules' names every one).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from '@portside/contract/zod';
import type { deleteFirewallRuleSchema } from '@portside/contract/schemas/network';
import { invalidateVms } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export type DeleteFirewallRuleBody = z.input<typeof deleteFirewallRuleSchema>;

export function deleteFirewallRules(body: DeleteFirewallRuleBody): Promise<OperationStarted> {
  return operationRpc('DeleteFirewallRule', body);
}

export function useDeleteFirewallRules() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteFirewallRules, onSettled: () => invalidateVms(client) });
}
