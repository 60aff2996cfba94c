/** GET /api/ServersInstalledServers (staff): the install queue of ordered dedicated servers, open ones first. */
import { useQuery } from '@tanstack/react-query';
import { installedServerRow, type InstalledServerItem } from '@portside/contract/schemas/clients';
import { staffListOptions, type StaffListParams } from './staff-list';

const COLUMNS = Object.keys(installedServerRow.shape).filter((c) => c !== 'search');

export function useServersInstalledServers(params: StaffListParams, enabled = true) {
  return useQuery(staffListOptions<InstalledServerItem>('ServersInstalledServers', COLUMNS, params, enabled));
}
