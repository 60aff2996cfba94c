/** GET /api/InfraBmcs (role staff): the registered BMCs with their address and server, searched, a page at a time. */
import { useQuery } from '@tanstack/react-query';
import { infraBmcRow, type InfraBmc } from '@portside/contract/schemas/infra';
import { infraPageOptions, type InfraListParams } from './infra-page-query';

const COLUMNS = Object.keys(infraBmcRow.shape).filter((c) => c !== 'search');

export function useBmcs(params: InfraListParams) {
  return useQuery(infraPageOptions<InfraBmc>('InfraBmcs', COLUMNS, 'search', params));
}
