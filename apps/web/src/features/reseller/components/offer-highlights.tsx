/**
 * What the provider offers, on the referral landing page (/welcome/:originCountry): each location
 * with the lowest monthly price of a cloud server and of a dedicated server there, from the public
 * offers calls (composed in app/, which passes the figures in).
 */
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';
import { useLocationName } from '../../../shared/format/use-location-name';

/** A location and its lowest prices (null: nothing offered there, or not known yet). */
export interface LocationOffer {
  id: string;
  name: string;
  country_code: string;
  cloudFromCents: number | null;
  dedicatedFromCents: number | null;
}

export function OfferHighlights({ locations, loading }: { locations: readonly LocationOffer[]; loading: boolean }) {
  const { t, i18n } = useTranslation('reseller');
  const money = useMoney();
  const locationName = useLocationName();
  const region = (code: string) => {
    try {
      return new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const price = (cents: number | null) => (cents === null ? '—' : t('offers.per_month', { price: money(cents) }));
  return (
    <Stack gap="xs" aria-busy={loading}>
      <Title order={2} fz="h5">
        {t('offers.heading')}
      </Title>
      <Text size="sm">{t('offers.body')}</Text>
      {loading && locations.length === 0 ? (
        <Skeleton h={96} radius="md" aria-label={t('offers.loading')} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {locations.map((l) => (
            <Paper key={l.id} withBorder radius="md" p="sm">
              <Text fw={700}>
                {locationName(l.id, l.name)} · {region(l.country_code)}
              </Text>
              <Text size="sm">{t('offers.cloud_from', { price: price(l.cloudFromCents) })}</Text>
              <Text size="sm">{t('offers.dedicated_from', { price: price(l.dedicatedFromCents) })}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
