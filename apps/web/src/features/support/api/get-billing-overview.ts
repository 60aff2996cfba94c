/**
 * The client area's billing summary (issue 16: the account's billing overview when it has no
 * external billing link): GET /api/MyBalance and the open invoices of GET /api/MyInvoices, soonest
 * due first. Kept under the billing area's key, so paying or depositing refreshes it too.
 * Only for the owner or a sub-user holding billing-manage (the reads' access).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBalance, MyInvoice } from '@portside/contract/schemas/billing';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export interface BillingOverview {
  balanceCents: number;
  /** Every open invoice, soonest due first. */
  open: MyInvoice[];
}

export async function getBillingOverview(signal?: AbortSignal): Promise<BillingOverview> {
  const [balance, open] = await Promise.all([
    api.get<MyBalance[]>('MyBalance', undefined, { signal }),
    api.get<MyInvoice[]>('MyInvoices', { status: 'eq.open', order: 'due_on.asc,id.asc' }, { signal }),
  ]);
  return { balanceCents: balance[0]?.balance_cents ?? 0, open };
}

export function billingOverviewQueryOptions() {
  return queryOptions({ queryKey: queryKeys.billing.overview(), queryFn: ({ signal }) => getBillingOverview(signal) });
}

export function useBillingOverview(enabled: boolean) {
  return useQuery({ ...billingOverviewQueryOptions(), enabled });
}
