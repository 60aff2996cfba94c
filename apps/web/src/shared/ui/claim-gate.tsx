/**
 * A screen behind a claim: its children for users holding it, otherwise the no-access panel naming
 * the permission to ask the owner for. The page's own reads never run without the claim, since the
 * API's 403 would end the session (spec 2 §8); the server decides anyway (docs/access.md).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { Claim } from '@portside/contract/constants';
import { useClaim } from '../session/use-claim';
import { NoAccessPanel } from './no-access-panel';

export function ClaimGate({ claim, children }: { claim: Claim; children: ReactNode }) {
  const { t } = useTranslation(['common', 'users']);
  if (useClaim(claim)) return <>{children}</>;
  return (
    <NoAccessPanel
      title={t('common:no_access.title')}
      heading={t('common:no_access.heading')}
      body={t('common:no_access.body', { permission: t(`users:claims.${claim}`) })}
      back={t('common:no_access.back')}
    />
  );
}
