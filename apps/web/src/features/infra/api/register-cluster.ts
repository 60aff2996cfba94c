/** POST /api/rpc/RegisterCluster (role staff): registers a cluster (its secret sealed on the server); the lists are asked again. */
import { useInfraCall } from './use-infra-call';

export function useRegisterCluster() {
  return useInfraCall<unknown, { success: true; id: number }>('RegisterCluster', true);
}
