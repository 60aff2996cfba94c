/**
 * The staff's pages (issue 18) render only for the staff role; anyone else sees that the area is
 * for staff, without any call being made (a refused call would end their session, spec 2 §8).
 */
import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { PageHeader } from '../../../shared/ui/page-header';

/** Whether the logged-in user holds the staff role. */
export function useIsStaff(): boolean {
  return useSession('customerDetails')?.pg_roles.includes('staff') ?? false;
}

export function StaffOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('clients');
  if (useIsStaff()) return children;
  return (
    <Stack gap="md" maw={900}>
      <PageHeader title={title} />
      <Alert color="gray" title={t('staff_only.title')}>
        {t('staff_only.body')}
      </Alert>
    </Stack>
  );
}
