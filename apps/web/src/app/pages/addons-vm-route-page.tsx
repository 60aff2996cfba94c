/** /addons-vm composed: the staff gate, the cloud add-ons list, and the prices feature's dialog and note. */
import { VmAddonsPage } from '../../features/cloudprices/pages/vm-addons-page';
import { StaffGate } from '../../features/staff/components/staff-gate';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CLOUD_PRICE_SLOTS } from './cloud-price-slots';

export default function AddonsVmRoutePage() {
  const { t } = useTranslation('cloudprices');
  return (
    <StaffGate title={t('addons.title')}>
      <VmAddonsPage slots={CLOUD_PRICE_SLOTS} />
    </StaffGate>
  );
}
