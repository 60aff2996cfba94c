import { Badge } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { STATUS_COLOR, type InvoiceDisplayStatus } from '../lib/invoice-status';

export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  const { t } = useTranslation('billing');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
