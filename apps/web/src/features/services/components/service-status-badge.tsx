/** A service's state today: active, free trial, cancelling (an end date to come) or ended. */
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ServiceStatus } from '@portside/contract/schemas/services';

const COLORS: Record<ServiceStatus, string> = { active: 'green', trial: 'blue', cancelling: 'orange', ended: 'gray' };

export function ServiceStatusBadge({ status, size = 'sm' }: { status: ServiceStatus; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('services');
  return (
    <Badge color={COLORS[status]} variant="light" size={size} style={{ minWidth: 'max-content' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
