/**
 * Paying the selected open invoices in one payment: from the credit balance (when it covers the
 * total), by card or by bank transfer. One idempotency key per opening of the dialog, so a double
 * click is one payment.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@portside/contract/schemas/billing';
import { errorHtml } from '../../../shared/api/client';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { usePayInvoices } from '../api/pay-invoices';
import { followPayment, newIdempotencyKey } from '../lib/payment-outcome';
import { useMoney } from '../lib/use-money';

export interface PayDialogProps {
  invoiceIds: readonly number[];
  totalCents: number;
  balanceCents: number;
  onClose: () => void;
  onPaid: () => void;
}

export function PayDialog({ invoiceIds, totalCents, balanceCents, onClose, onPaid }: PayDialogProps) {
  const { t } = useTranslation('billing');
  const money = useMoney();
  const pay = usePayInvoices();
  const balanceCovers = balanceCents >= totalCents;
  const [method, setMethod] = useState<PaymentMethod>(balanceCovers ? 'balance' : 'card');
  const [key] = useState(newIdempotencyKey);

  const submit = () => {
    if (pay.isPending) return;
    pay.mutate(
      { p_invoice_ids: [...invoiceIds], p_method: method, p_idempotency_key: key },
      {
        onSuccess: (answer) => {
          followPayment(answer, { succeeded: t('pay.succeeded'), pending: t('pay.pending'), failed: t('pay.failed') });
          onPaid();
        },
      },
    );
  };

  return (
    <Modal opened onClose={() => !pay.isPending && onClose()} title={t('pay.title', { count: invoiceIds.length })} closeButtonProps={{ 'aria-label': t('dialog.close') }} centered>
      <Stack gap="md">
        <Text>
          {t('pay.amount')} <b data-testid="pay-total">{money(totalCents)}</b>
        </Text>
        <Radio.Group label={t('pay.method')} value={method} onChange={(v) => setMethod(v as PaymentMethod)}>
          <Stack gap="xs" mt="xs">
            <Radio
              value="balance"
              disabled={!balanceCovers}
              label={t('pay.method_balance', { amount: money(balanceCents) })}
              description={balanceCovers ? undefined : t('pay.balance_short')}
            />
            <Radio value="card" label={t('method.card')} />
            <Radio value="bank_transfer" label={t('method.bank_transfer')} />
          </Stack>
        </Radio.Group>
        {pay.error && (
          <Alert color="red" role="alert">
            <SafeHtml html={errorHtml(pay.error, t)} />
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pay.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={submit} loading={pay.isPending}>
            {t('pay.confirm', { amount: money(totalCents) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
