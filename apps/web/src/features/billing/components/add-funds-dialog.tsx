/**
 * 'Add funds': a deposit to the credit balance by card or bank transfer, checked against the
 * contract's limits while typing (5.00 € to 10,000.00 €), the server's field errors under the field.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_LIMITS, depositSchema, parseEuroAmount } from '@portside/contract/schemas/billing';
import { errorHtml } from '../../../shared/api/client';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useDeposit } from '../api/deposit';
import { followPayment, newIdempotencyKey } from '../lib/payment-outcome';
import { useMoney } from '../lib/use-money';

type Field = 'p_amount_cents' | 'p_method';

export function AddFundsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['billing', 'validation']);
  const money = useMoney();
  const deposit = useDeposit();
  const [key] = useState(newIdempotencyKey);
  const form = useSchemaForm<typeof depositSchema, Field>('deposit', depositSchema, { p_amount_cents: '', p_method: 'card' }, (v) => ({
    p_amount_cents: v.p_amount_cents.trim() === '' ? undefined : (parseEuroAmount(v.p_amount_cents) ?? Number.NaN),
    p_method: v.p_method,
    p_idempotency_key: key,
  }));
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);

  const onSubmit = form.handleSubmit((body) => {
    if (deposit.isPending) return;
    deposit.mutate(body, {
      onSuccess: (answer) => {
        followPayment(answer, { succeeded: t('funds.succeeded'), pending: t('funds.pending'), failed: t('funds.failed') });
        onClose();
      },
      onError: (e) => {
        const fields = fieldErrorsFromApi<Field>(e);
        if (fields) form.setErrors(fields);
      },
    });
  });

  return (
    <Modal opened onClose={() => !deposit.isPending && onClose()} title={t('funds.title')} closeButtonProps={{ 'aria-label': t('dialog.close') }} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.bind('p_amount_cents')}
            label={t('funds.amount')}
            description={t('funds.amount_hint', { min: money(DEPOSIT_LIMITS.minCents), max: money(DEPOSIT_LIMITS.maxCents) })}
            inputMode="decimal"
            rightSection="€"
            aria-required
            error={err('p_amount_cents')}
            data-autofocus
          />
          <Radio.Group label={t('funds.method')} value={form.values.p_method} onChange={(v) => form.setValue('p_method', v)} error={err('p_method')}>
            <Stack gap="xs" mt="xs">
              <Radio value="card" label={t('method.card')} />
              <Radio value="bank_transfer" label={t('method.bank_transfer')} />
            </Stack>
          </Radio.Group>
          {deposit.error && !fieldErrorsFromApi(deposit.error) && (
            <Alert color="red" role="alert">
              <SafeHtml html={errorHtml(deposit.error, t)} />
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={deposit.isPending}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={deposit.isPending}>
              {t('funds.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
