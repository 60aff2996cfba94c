/** GET /api/AllServices (staff): every account's services, searched by id, description or account, a page at a time. */
import { useQuery } from '@tanstack/react-query';
import { allServiceRow, type AllServiceItem } from '@portside/contract/schemas/clients';
import { staffListOptions, type StaffListParams } from './staff-list';

const COLUMNS = Object.keys(allServiceRow.shape).filter((c) => c !== 'search');

export function useAllServices(params: StaffListParams, enabled = true) {
  return useQuery(staffListOptions<AllServiceItem>('AllServices', COLUMNS, params, enabled));
}
