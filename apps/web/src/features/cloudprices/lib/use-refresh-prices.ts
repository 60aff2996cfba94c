/** After a change to a cloud price list: refreshes the lists and every price's dated changes. */
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

export function useRefreshPrices(): () => Promise<unknown> {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.cloudPrices.all }),
      client.invalidateQueries({ queryKey: queryKeys.prices.all }),
    ]);
}
