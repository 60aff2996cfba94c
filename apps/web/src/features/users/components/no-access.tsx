/** Shown instead of a users screen when the user lacks menu-see-users. */
import { useTranslation } from '../../../shared/i18n/use-translation';
import { NoAccessPanel } from '../../../shared/ui/no-access-panel';

export function NoAccess() {
  const { t } = useTranslation('users');
  return (
    <NoAccessPanel title={t('title')} heading={t('no_access.title')} body={t('no_access.body')} back={t('no_access.back')} />
  );
}
