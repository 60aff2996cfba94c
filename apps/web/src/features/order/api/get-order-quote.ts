/**
 * POST /api/rpc/OrderQuote: the price of one line as billing will charge it. It changes nothing,
 * so it is a query keyed by the line; callers debounce the input (300 ms).
 */
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { OrderQuote, OrderQuoteInput } from '@portside/contract/schemas/orders';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getOrderQuote(input: OrderQuoteInput): Promise<OrderQuote> {
  return api.rpc<OrderQuote>('OrderQuote', input);
}

export function orderQuoteQueryOptions(input: OrderQuoteInput) {
  return queryOptions({
    queryKey: queryKeys.order.quote(input),
    queryFn: () => getOrderQuote(input),
    staleTime: 60_000,
    retry: false,
  });
}

/** The quote of `input`, or nothing while it is null (the form is not complete). */
export function useOrderQuote(input: OrderQuoteInput | null) {
  return useQuery({
    ...orderQuoteQueryOptions(input ?? ({} as OrderQuoteInput)),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

/** The quotes of several lines (the checkout), each cached like the builder's. */
export function useOrderQuotes(inputs: ReadonlyArray<OrderQuoteInput | null>) {
  return useQueries({
    queries: inputs.map((input) => ({ ...orderQuoteQueryOptions(input ?? ({} as OrderQuoteInput)), enabled: input !== null })),
  });
}
