/**
 * /servers-disks-price-list composed (features meet here): the staff gate, the disk and RAM price
 * list and the prices feature's price change dialog and next-price note.
 */
import { ServersDisksPriceList } from '../../features/dedicated-prices/pages/servers-disks-price-list';
import { NextPriceNote } from '../../features/prices/components/next-price-note';
import { PriceChangeDialog } from '../../features/prices/components/price-change-dialog';
import { StaffGate } from '../../features/staff/components/staff-gate';
import { useTranslation } from '../../shared/i18n/use-translation';

export default function ServersDisksPriceListPage() {
  const { t } = useTranslation('dedprices');
  return (
    <StaffGate title={t('parts.title')}>
      <ServersDisksPriceList parts={{ Dialog: PriceChangeDialog, Next: NextPriceNote }} />
    </StaffGate>
  );
}
