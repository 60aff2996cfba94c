/**
 * Dedicated servers at the chosen location (ServerOffers). They are not ordered through the cart:
 * each card asks sales for an offer through a ticket.
 */
import { Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { useMoney } from '../../../shared/format/use-money';
import { QueryState } from '../../../shared/ui/query-state';
import { useServerOffers } from '../api/get-server-offers';

export function DedicatedOffers({ location }: { location: string | null }) {
  const { t } = useTranslation('order');
  const money = useMoney();
  const offers = useServerOffers(location);
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
                <Button component={Link} to={buildPath('tickets')} variant="light" size="xs">
                  {t('dedicated.contact_sales')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </QueryState>
    </Stack>
  );
}
