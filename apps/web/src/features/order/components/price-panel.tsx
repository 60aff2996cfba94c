/**
 * The builder's live price (OrderQuote, asked 300 ms after the last change): a skeleton (or the
 * last price, dimmed, while the next one is asked), the error with Try again,
 * the monthly amount and today's share until the month end, the voucher when the account has one;
 * 'Add to cart' and 'Order now' once the configuration is complete.
 */
import { Button, Card, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TIMING } from '@portside/contract/constants';
import type { OrderQuoteInput } from '@portside/contract/schemas/orders';
import { QueryState } from '../../../shared/ui/query-state';
import { useOrderQuote } from '../api/get-order-quote';
import { PriceLines } from './price-lines';

export interface PricePanelProps {
  input: OrderQuoteInput | null;
  onAdd: () => void;
  onOrderNow: () => void;
}

export function PricePanel({ input, onAdd, onOrderNow }: PricePanelProps) {
  const { t } = useTranslation('order');
  const [debounced] = useDebouncedValue(input, TIMING.searchDebounceMs);
  // While typing the panel waits; an incomplete form asks for nothing.
  const settled = input === null ? null : debounced;
  const quote = useOrderQuote(settled);
  const pending = input !== null && (JSON.stringify(input) !== JSON.stringify(debounced) || quote.isFetching);

  return (
    <Card withBorder radius="md" padding="md" aria-label={t('price.title')} component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('price.title')}
          </Title>
          {pending && <Loader size="xs" aria-label={t('price.loading')} />}
        </Group>
        {input === null ? (
          <Text size="sm" c="dimmed">
            {t('price.incomplete')}
          </Text>
        ) : (
          <QueryState query={quote} loadingLabel={t('price.loading')} skeleton={<Skeleton h={96} radius="sm" />}>
            {quote.data && (
              <div aria-busy={pending} data-testid="price-lines" style={{ opacity: pending ? 0.6 : 1 }}>
                <PriceLines quote={quote.data} quantity={settled?.p_quantity ?? 1} />
              </div>
            )}
          </QueryState>
        )}
        <Group grow>
          <Button variant="light" disabled={input === null} onClick={onAdd}>
            {t('builder.add_to_cart')}
          </Button>
          <Button disabled={input === null} onClick={onOrderNow}>
            {t('builder.order_now')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
