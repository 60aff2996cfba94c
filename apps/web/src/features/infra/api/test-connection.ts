/**
 * POST /api/rpc/TestClusterConnection, TestBmcConnection or TestRouterConnection (role staff):
 * asks a registered one (`{p_id}`) or a register form's fields something cheap and read-only;
 * the server stores nothing and answers who answered and how fast.
 */
import type { ConnectionTestAnswer } from '@portside/contract/schemas/infra';
import { useInfraCall } from './use-infra-call';

export type InfraKind = 'cluster' | 'bmc' | 'router';

const CALLS: Record<InfraKind, string> = {
  cluster: 'TestClusterConnection',
  bmc: 'TestBmcConnection',
  router: 'TestRouterConnection',
};

export function useTestConnection(kind: InfraKind) {
  return useInfraCall<unknown, ConnectionTestAnswer>(CALLS[kind], false);
}
