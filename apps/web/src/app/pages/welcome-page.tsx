/**
 * /welcome/:originCountry composed (features meet here): the auth feature's landing page with the
 * reseller feature's offer summary, fed by the order and dashboard features' public reads — the
 * locations, the lowest cloud-server price per location (VmsOffers) and the dedicated offers of
 * each location (ServerOffers). It records nothing: a referral code is only kept in its cookie.
 */
import { useQueries } from '@tanstack/react-query';
import { WelcomeView } from '../../features/auth/pages/welcome-page';
import { useVmOfferPrices } from '../../features/dashboard/api/get-vm-offer-prices';
import { useHostingLocations } from '../../features/order/api/get-hosting-locations';
import { serverOffersQueryOptions } from '../../features/order/api/get-server-offers';
import { OfferHighlights, type LocationOffer } from '../../features/reseller/components/offer-highlights';

function Offers() {
  const locations = useHostingLocations();
  const vm = useVmOfferPrices(true);
  const list = locations.data ?? [];
  const dedicated = useQueries({ queries: list.map((l) => serverOffersQueryOptions(l.id)) });
  const offers: LocationOffer[] = list.map((l, i) => {
    const servers = dedicated[i]?.data ?? [];
    return {
      id: l.id,
      name: l.name,
      country_code: l.country_code,
      cloudFromCents: vm.data?.find((p) => p.location === l.id)?.monthly_price_cents ?? null,
      dedicatedFromCents: servers.length ? Math.min(...servers.map((s) => s.monthly_price_cents)) : null,
    };
  });
  return <OfferHighlights locations={offers} loading={locations.isPending || vm.isPending} />;
}

export default function WelcomeRoutePage() {
  return <WelcomeView offers={<Offers />} />;
}
