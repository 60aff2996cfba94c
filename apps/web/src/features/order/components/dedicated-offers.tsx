/**
 * Dedicated servers at the chosen location (ServerOffers). Each card orders its offer through the
 * cart: a hostname, then the cart or the checkout; staff install the machine once it is paid.
 */
import { useState } from 'react';
import { Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { ServerOffer } from '@portside/contract/schemas/offers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { useMoney } from '../../../shared/format/use-money';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useServerOffers } from '../api/get-server-offers';
import { DedicatedOrderModal } from './dedicated-order-modal';

export function DedicatedOffers({ location }: { location: string | null }) {
  const { t } = useTranslation('order');
  const money = useMoney();
  const navigate = useNavigate();
  const offers = useServerOffers(location);
  const [ordering, setOrdering] = useState<ServerOffer | null>(null);
  // Nothing to show before a location is chosen, or where there are no dedicated servers.
  if (!location || offers.data?.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('dedicated.title')}>
      <div>
        <Title order={2} fz="h4">
          {t('dedicated.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('dedicated.subtitle')}
        </Text>
      </div>
      <QueryState
        query={offers}
        loadingLabel={t('dedicated.loading')}
        skeleton={
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={180} radius="md" />
            ))}
          </SimpleGrid>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {(offers.data ?? []).map((o) => (
            <Card key={o.offer_id} withBorder radius="md" padding="sm">
              <Stack gap={4} h="100%">
                <Text fw={600}>{o.name}</Text>
                <Text size="sm">{o.cpu}</Text>
                <Text size="sm">{t('dedicated.specs', { cores: o.cores, ram: o.ram_gb })}</Text>
                <Text size="sm">{o.disks}</Text>
                <Text fw={600} mt="auto">
                  {t('builder.per_month', { price: money(o.monthly_price_cents) })}
                </Text>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => setOrdering(o)}
                  aria-label={t('dedicated.order_label', { name: o.name })}
                >
                  {t('dedicated.order')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </QueryState>
      <DedicatedOrderModal
        offer={ordering}
        onClose={() => setOrdering(null)}
        onAdded={(checkout) => {
          setOrdering(null);
          if (checkout) void navigate(buildPath('checkout'));
          else notifySuccess(t('cart.added'));
        }}
      />
    </Stack>
  );
}
