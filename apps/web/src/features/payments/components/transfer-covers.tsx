/**
 * What a bank transfer pays, under its instructions: the invoice (or invoices) with the status each
 * has now, or a deposit to the balance. A transfer for one invoice quotes that invoice's own
 * reference (the one on its PDF and in its e-mail); one for several quotes the payment's, which
 * the page says, so that the customer does not pay each invoice's reference on top.
 */
import { Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PaymentState } from '@portside/contract/schemas/payments';
import { InvoiceStatusBadge } from '../../../shared/ui/invoice-status-badge';

export function TransferCovers({ state }: { state: PaymentState }) {
  const { t } = useTranslation('payments');
  if (state.purpose === 'deposit') {
    return (
      <Text size="sm" c="dimmed">
        {t('bank.covers_deposit')}
      </Text>
    );
  }
  if (state.invoices.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="transfer-covers-title">
        {t('bank.covers_title', { count: state.invoices.length })}
      </Text>
      <List listStyleType="none" spacing={4} aria-labelledby="transfer-covers-title">
        {state.invoices.map((i) => (
          <List.Item key={i.id}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {t('bank.invoice', { number: i.number })}
              </Text>
              <InvoiceStatusBadge invoice={i} />
            </Group>
          </List.Item>
        ))}
      </List>
      {state.invoices.length > 1 && (
        <Text size="xs" c="dimmed">
          {t('bank.covers_several')}
        </Text>
      )}
    </Stack>
  );
}
