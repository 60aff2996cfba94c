/** /products-models composed: the staff gate, the cloud models list, and the prices feature's dialog and note. */
import { ProductsModelsPage } from '../../features/cloudprices/pages/products-models-page';
import { StaffGate } from '../../features/staff/components/staff-gate';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CLOUD_PRICE_SLOTS } from './cloud-price-slots';

export default function ProductsModelsRoutePage() {
  const { t } = useTranslation('cloudprices');
  return (
    <StaffGate title={t('models.title')}>
      <ProductsModelsPage slots={CLOUD_PRICE_SLOTS} />
    </StaffGate>
  );
}
