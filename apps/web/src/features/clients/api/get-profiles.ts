/** GET /api/Profiles (staff): every account's users, searched by e-mail, name or company, a page at a time. */
import { useQuery } from '@tanstack/react-query';
import { profileRow, type ProfileListItem } from '@portside/contract/schemas/clients';
import { staffListOptions, type StaffListParams } from './staff-list';

const COLUMNS = Object.keys(profileRow.shape).filter((c) => c !== 'search');

export function useProfiles(params: StaffListParams, enabled = true) {
  return useQuery(staffListOptions<ProfileListItem>('Profiles', COLUMNS, params, enabled));
}
