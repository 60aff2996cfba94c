/** GET /api/AllDedicatedServers (staff): every dedicated server (rented or in stock), searched by serial, hostname, tag or account. */
import { useQuery } from '@tanstack/react-query';
import { allDedicatedRow, type AllDedicatedItem } from '@portside/contract/schemas/clients';
import { staffListOptions, type StaffListParams } from './staff-list';

const COLUMNS = Object.keys(allDedicatedRow.shape).filter((c) => c !== 'search');

export function useAllDedicatedServers(params: StaffListParams, enabled = true) {
  return useQuery(staffListOptions<AllDedicatedItem>('AllDedicatedServers', COLUMNS, params, enabled));
}
