/** A tab behind a claim the user lacks: what it needs, and whom to ask (as ClaimGate says for pages). */
import { Alert } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Claim } from '@portside/contract/constants';

export function TabNoAccess({ claim }: { claim: Claim }) {
  const { t } = useTranslation(['servers', 'users']);
  return (
    <Alert color="gray" variant="light" title={t('servers:tab_no_access.title')}>
      {t('servers:tab_no_access.body', { permission: t(`users:claims.${claim}`) })}
    </Alert>
  );
}
