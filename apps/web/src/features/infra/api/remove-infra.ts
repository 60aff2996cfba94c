/** POST /api/rpc/RemoveCluster, RemoveBmc or RemoveRouter {p_id} (role staff): removes a registration nothing uses; the lists are asked again. */
import type { InfraRemoveBody } from '@portside/contract/schemas/infra';
import type { InfraKind } from './test-connection';
import { useInfraCall } from './use-infra-call';

const CALLS: Record<InfraKind, string> = { cluster: 'RemoveCluster', bmc: 'RemoveBmc', router: 'RemoveRouter' };

export function useRemoveInfra(kind: InfraKind) {
  return useInfraCall<InfraRemoveBody, { success: true; name: string }>(CALLS[kind], true);
}
