import { useTranslation } from '../../../shared/i18n/use-translation';
import { NoAccessPanel } from '../../../shared/ui/no-access-panel';

/** Shown instead of a services screen to a user without menu-see-my-services. */
export function NoServicesAccess({ title }: { title: string }) {
  const { t } = useTranslation('services');
  return <NoAccessPanel title={title} heading={t('no_access.title')} body={t('no_access.body')} back={t('no_access.back')} />;
}
