/**
 * 'Pay selected' on /billing: one payment for the chosen open invoices (up to 20). Choose card,
 * bank transfer or the credit balance, confirm the total, then go to the card provider's page,
 * the transfer instructions or (from the balance, paid at once) the payment result. The
 * idempotency key is made when the dialog opens, so a double click is one payment.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import { payInvoicesSchema, PAYMENT_METHODS, type PaymentMethod } from '@portside/contract/schemas/payments';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { useMoney } from '../../../shared/format/use-money';
import { translateKey, validationKey } from '../../../shared/forms/field-messages';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { usePayInvoices } from '../api/pay-invoices';
import { continuePayment } from '../lib/continue-payment';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { MethodPicker } from './method-picker';
import { TestModeNote } from './test-mode-note';

/** An open invoice as the billing list knows it. */
export interface PayableInvoice {
  id: number;
  number: string;
  /** What is left to pay, in cents. */
  open_cents: number;
}

export interface PayInvoicesModalProps {
  opened: boolean;
  onClose: () => void;
  invoices: PayableInvoice[];
  /** The account's credit balance in cents, when known (offers paying from it). */
  balanceCents?: number | null;
}

export function PayInvoicesModal({ opened, onClose, invoices, balanceCents }: PayInvoicesModalProps) {
  const { t } = useTranslation(['payments', 'validation', 'common']);
  const money = useMoney();
  const navigate = useNavigate();
  const mutation = usePayInvoices();
  const { reset: resetMutation } = mutation;
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [key, setKey] = useState(newIdempotencyKey);
  const total = invoices.reduce((sum, i) => sum + i.open_cents, 0);

  useEffect(() => {
    if (!opened) return;
    setKey(newIdempotencyKey());
    setMethod('card');
    resetMutation();
    // A fresh dialog (and key) on every opening.
  }, [opened, resetMutation]);

  const body = { p_invoice_ids: invoices.map((i) => i.id), p_method: method, p_idempotency_key: key };
  const parsed = payInvoicesSchema.safeParse(body);
  const invalid = parsed.success ? null : validationKey(Object.values(fieldErrors(parsed.error))[0] ?? 'invalid_data');

  const submit = () => {
    if (!parsed.success || mutation.isPending) return;
    mutation.mutate(body, { onSuccess: (started) => continuePayment(started, 'invoices', method, (p) => void navigate(p)) });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payments:pay_modal.title')}
      size={LAYOUT.dialogWidthPx}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('payments:pay_modal.invoices', { count: invoices.length })}
        </Text>
        <Table.ScrollContainer minWidth={280} mah={240}>
          <Table striped withRowBorders={false}>
            <Table.Tbody>
              {invoices.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.number}</Table.Td>
                  <Table.Td ta="right">{money(i.open_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text fw={600}>{t('payments:pay_modal.total')}</Text>
          <Text fw={700} aria-label={t('payments:pay_modal.total')}>
            {money(total)}
          </Text>
        </Group>
        <MethodPicker
          value={method}
          onChange={setMethod}
          methods={PAYMENT_METHODS}
          balanceCents={balanceCents}
          amountCents={total}
        />
        <TestModeNote show={method === 'card'} />
        {invalid && (
          <Text c="red" size="sm" role="alert">
            {translateKey(t, invalid)}
          </Text>
        )}
        {mutation.error ? <ErrorAlert error={mutation.error} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('payments:pay_modal.cancel')}
          </Button>
          <Button onClick={submit} loading={mutation.isPending} disabled={!!invalid || mutation.isSuccess}>
            {t('payments:pay_modal.submit', { amount: money(total) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
