/**
 * Where each problem is fixed, as a path of the portal: a dedicated server's on /server-stats (its
 * details, power and disks), a VM's and an order's on /all-services (every account's services),
 * a payment's on the account's page in /clients. The pages of other accounts' things are staff
 * pages: a customer's own server page would not open another account's server.
 */
import type { ProblemKind, ProblemRow } from '@portside/contract/schemas/staff';

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** The path where the problem of `row` is fixed, or null when the row names nothing to go to. */
export function problemLink(row: Pick<ProblemRow, 'kind' | 'serial' | 'subject' | 'order_id' | 'client'>): string | null {
  switch (row.kind) {
    case 'bmc_unreachable':
    case 'power_job_failed':
    case 'disk_unhealthy':
      return row.serial ? `/server-stats${query({ serial: row.serial })}` : null;
    case 'vm_lost_contact':
    case 'vm_operation_failed':
      return `/all-services${query({ search: row.subject })}`;
    case 'order_item_failed':
      return row.order_id !== null ? `/all-services${query({ order: String(row.order_id) })}` : null;
    case 'payment_failed':
      return row.client ? `/clients${query({ client: row.client })}` : null;
  }
}

/** Badge colours: lost contact and failures red, what can wait orange. */
export const PROBLEM_COLOR: Record<ProblemKind, string> = {
  vm_lost_contact: 'red',
  bmc_unreachable: 'red',
  order_item_failed: 'red',
  power_job_failed: 'orange',
  vm_operation_failed: 'orange',
  payment_failed: 'orange',
  disk_unhealthy: 'red',
};

/** Problems: one page of one kind (or all), the newest first. */
export function problemsQuery(kind: ProblemKind | 'all', page: number, size: number): Record<string, string> {
  const q: Record<string, string> = {
    order: 'at.desc.nullslast,kind.asc,key.asc',
    limit: String(size),
    offset: String((Math.max(1, Math.floor(page)) - 1) * size),
  };
  if (kind !== 'all') q.kind = `eq.${kind}`;
  return q;
}
