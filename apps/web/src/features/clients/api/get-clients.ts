/** GET /api/Clients (staff): every account, searched by name, e-mail, company or VAT number, a page at a time. */
import { useQuery } from '@tanstack/react-query';
import { clientRow, type ClientListItem } from '@portside/contract/schemas/clients';
import { staffListOptions, type StaffListParams } from './staff-list';

const COLUMNS = Object.keys(clientRow.shape).filter((c) => c !== 'search');

export function useClients(params: StaffListParams, enabled = true) {
  return useQuery(staffListOptions<ClientListItem>('Clients', COLUMNS, params, enabled));
}
