/** Shown instead of a servers screen when the user lacks menu-see-cloud-servers. */
import { useTranslation } from '../../../shared/i18n/use-translation';
import { NoAccessPanel } from '../../../shared/ui/no-access-panel';

export function NoServersAccess() {
  const { t } = useTranslation('servers');
  return (
    <NoAccessPanel title={t('list.title')} heading={t('no_access.title')} body={t('no_access.body')} back={t('no_access.back')} />
  );
}
