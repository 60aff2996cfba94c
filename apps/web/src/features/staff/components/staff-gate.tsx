/**
 * The staff-only screens (spec 1 §2 'Staff-only links'): a user without the role staff sees that
 * the area is the provider's staff's, without any call (a refused call would end the session).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { NoAccessPanel } from '../../../shared/ui/no-access-panel';

/** Whether the logged-in user holds the role staff. */
export function useIsStaff(): boolean {
  return useSession('customerDetails')?.pg_roles.includes('staff') ?? false;
}

export function StaffGate({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('staff');
  if (!useIsStaff())
    return (
      <NoAccessPanel title={title} heading={t('staff_only.title')} body={t('staff_only.body')} back={t('staff_only.back')} />
    );
  return children;
}
