/** POST /api/rpc/RegisterRouter (role staff): registers a router (its secret sealed on the server); the lists are asked again. */
import { useInfraCall } from './use-infra-call';

export function useRegisterRouter() {
  return useInfraCall<unknown, { success: true; id: number }>('RegisterRouter', true);
}
