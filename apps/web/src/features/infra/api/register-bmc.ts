/** POST /api/rpc/RegisterBmc (role staff): registers a bmc (its secret sealed on the server); the lists are asked again. */
import { useInfraCall } from './use-infra-call';

export function useRegisterBmc() {
  return useInfraCall<unknown, { success: true; id: number }>('RegisterBmc', true);
}
