/**
 * One cart line on /checkout: the server's configuration (or the dedicated offer and hostname), a quantity stepper (the cart finds the
 * line by offer_id), remove, and the line's prices from OrderQuote (or why it cannot be ordered).
 */
import { ActionIcon, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { CartItem } from '@portside/contract/rules/cart';
import { ORDER_LIMITS, type OrderQuote } from '@portside/contract/schemas/orders';
import { QueryState } from '../../../shared/ui/query-state';
import { useMoney } from '../../../shared/format/use-money';
import { Icon } from '../../../shared/ui/icons';

export interface CartLineProps {
  item: CartItem;
  locationName: string;
  imageName: string;
  quote: { data?: OrderQuote; isPending: boolean; error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

export function CartLine({ item, locationName, imageName, quote, onQuantity, onRemove }: CartLineProps) {
  const { t } = useTranslation('order');
  const money = useMoney();
  const c = item.config;
  const d = item.dedicated;
  const title = c
    ? `${quote.data?.breakdown?.model ?? t('checkout.server')} · ${c.hostname}`
    : d
      ? `${quote.data?.offer_name ?? t('checkout.dedicated_server')} · ${d.hostname}`
      : String(item.offer_id);
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {c
              ? t('checkout.summary', { location: locationName, image: imageName, disk: c.disk_gb, keys: c.ssh_keys.length })
              : d
                ? t('checkout.dedicated_summary', { location: locationName })
                : t('checkout.no_config')}
          </Text>
          {c?.backups && <Text size="sm">{t('checkout.backups_on')}</Text>}
        </Stack>
        <Group gap="sm" wrap="nowrap" align="flex-end">
          <NumberInput
            label={t('checkout.quantity')}
            w={96}
            min={1}
            max={ORDER_LIMITS.quantity}
            allowDecimal={false}
            clampBehavior="strict"
            value={item.quantity}
            onChange={(v) => typeof v === 'number' && v >= 1 && onQuantity(v)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('checkout.remove', { name: title })}
            onClick={onRemove}
            mb={2}
          >
            <Icon name="trash" />
          </ActionIcon>
        </Group>
      </Group>
      <div style={{ marginTop: 8 }}>
        {(c || d) && (
          <QueryState query={quote} loadingLabel={t('price.loading')} skeleton={1}>
            {quote.data && (
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">{t('checkout.line_monthly', { price: money(quote.data.monthly_cents) })}</Text>
                <Text size="sm" fw={600}>
                  {t('checkout.line_today', { price: money(quote.data.first_charge_cents) })}
                </Text>
              </Group>
            )}
          </QueryState>
        )}
      </div>
    </Card>
  );
}
