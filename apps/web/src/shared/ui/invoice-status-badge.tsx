/**
 * An invoice's shown status as a badge, the same wherever the portal shows an invoice (/billing,
 * /pay-invoice, the bank-transfer page): the contract's one rule (rules/invoice-status.ts, which
 * the PDF and the e-mail follow too) in the billing namespace's words, which are the PDF's.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import {
  displayStatus,
  todayUtc,
  type InvoiceDisplayStatus,
  type InvoiceStatusFacts,
} from '@portside/contract/rules/invoice-status';

const STATUS_COLOR: Record<InvoiceDisplayStatus, string> = {
  paid: 'green',
  void: 'gray',
  open: 'blue',
  partly_paid: 'yellow',
  overdue: 'red',
};

/** The badge of an invoice, its status worked out from its facts as of today. */
export function InvoiceStatusBadge({ invoice }: { invoice: InvoiceStatusFacts }) {
  const { t } = useTranslation('billing');
  const status = displayStatus(invoice, todayUtc());
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ minWidth: 'max-content', flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
