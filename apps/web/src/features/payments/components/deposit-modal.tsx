/**
 * 'Add funds' on /billing: a deposit to the credit balance (5 € to 10 000 €) by card or bank
 * transfer; then the card provider's page or the transfer instructions. The amount is checked
 * with the contract's rule before anything is sent; the key is made when the dialog opens.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import { depositAmountField, PAYMENT_LIMITS } from '@portside/contract/schemas/payments';
import { useMoney } from '../../../shared/format/use-money';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { translateKey, validationKey } from '../../../shared/forms/field-messages';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useDeposit } from '../api/deposit';
import { continuePayment } from '../lib/continue-payment';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { MethodPicker } from './method-picker';
import { TestModeNote } from './test-mode-note';

const METHODS = ['card', 'bank_transfer'] as const;

export function DepositModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['payments', 'validation', 'common']);
  const money = useMoney();
  const navigate = useNavigate();
  const mutation = useDeposit();
  const { reset: resetMutation } = mutation;
  const [euros, setEuros] = useState<number | string>(25);
  const [method, setMethod] = useState<(typeof METHODS)[number]>('card');
  const [key, setKey] = useState(newIdempotencyKey);
  const [amountError, setAmountError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setKey(newIdempotencyKey());
    setAmountError(null);
    resetMutation();
    // A fresh dialog (and key) on every opening.
  }, [opened, resetMutation]);

  const cents = typeof euros === 'number' ? Math.round(euros * 100) : Number.NaN;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    const checked = depositAmountField.safeParse(cents);
    setAmountError(checked.success ? null : validationKey('deposit_amount_invalid'));
    if (!checked.success) return;
    mutation.mutate(
      { p_amount_cents: cents, p_method: method, p_idempotency_key: key },
      {
        onSuccess: (started) => continuePayment(started, 'deposit', method, (p) => void navigate(p)),
        onError: (err) => {
          const field = fieldErrorsFromApi<'p_amount_cents'>(err)?.p_amount_cents;
          if (field) setAmountError(field);
        },
      },
    );
  };

  const apiError = mutation.error && !fieldErrorsFromApi(mutation.error) ? mutation.error : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payments:deposit_modal.title')}
      size={LAYOUT.dialogWidthPx}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t('payments:deposit_modal.amount_label')}
            description={t('payments:deposit_modal.amount_hint')}
            value={euros}
            onChange={setEuros}
            min={PAYMENT_LIMITS.depositMinCents / 100}
            max={PAYMENT_LIMITS.depositMaxCents / 100}
            decimalScale={2}
            step={5}
            prefix="€ "
            error={amountError ? translateKey(t, amountError) : undefined}
            data-autofocus
          />
          <MethodPicker
            value={method}
            onChange={(m) => setMethod(m === 'bank_transfer' ? 'bank_transfer' : 'card')}
            methods={METHODS}
          />
          <TestModeNote show={method === 'card'} />
          {apiError ? <ErrorAlert error={apiError} /> : null}
          <Group justify="space-between">
            <Text fw={600}>{Number.isFinite(cents) ? money(cents) : ''}</Text>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={mutation.isSuccess}>
                {t('payments:deposit_modal.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
