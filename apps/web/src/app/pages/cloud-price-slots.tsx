/**
 * The cloud price lists meet the prices feature here (features never import each other): the
 * price change dialog and the next-price note, as the lists' render slots.
 */
import type { PriceSlots } from '../../features/cloudprices/lib/price-slots';
import { NextPriceNote } from '../../features/prices/components/next-price-note';
import { PriceChangeDialog } from '../../features/prices/components/price-change-dialog';

export const CLOUD_PRICE_SLOTS: PriceSlots = {
  dialog: (p) => <PriceChangeDialog {...p} />,
  next: (next, kind) => <NextPriceNote next={next} kind={kind} />,
};
