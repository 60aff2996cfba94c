/** GET /api/InfraRouters (role staff): the registered routers with their address and last read, searched, a page at a time. */
import { useQuery } from '@tanstack/react-query';
import { infraRouterRow, type InfraRouter } from '@portside/contract/schemas/infra';
import { infraPageOptions, type InfraListParams } from './infra-page-query';

const COLUMNS = Object.keys(infraRouterRow.shape).filter((c) => c !== 'search');

export function useInfraRouters(params: InfraListParams) {
  return useQuery(infraPageOptions<InfraRouter>('InfraRouters', COLUMNS, 'search', params));
}
