/**
 * How a payment stands, for the return pages and the public invoice page: received, failed (with
 * the reason), cancelled, or still pending (the provider's page to continue on, or the transfer
 * instructions, with what the transfer pays). `actions` holds the page's links; `onRetry` offers 'Try again' after a failure.
 */
import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PaymentState } from '@portside/contract/schemas/payments';
import { useMoney } from '../../../shared/format/use-money';
import { failureText } from '../lib/failure-text';
import { BankInstructions } from './bank-instructions';
import { TransferCovers } from './transfer-covers';

interface PaymentOutcomeProps {
  state: PaymentState;
  actions?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

export function PaymentOutcome({ state, actions, onRetry, retrying }: PaymentOutcomeProps) {
  const { t } = useTranslation('payments');
  const money = useMoney();
  const reference = (
    <Text size="xs" c="dimmed">
      {t('return.reference', { reference: state.reference })}
    </Text>
  );
  const retry = onRetry ? (
    <Button onClick={onRetry} loading={retrying}>
      {t('return.try_again')}
    </Button>
  ) : null;

  if (state.status === 'succeeded') {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status" title={t('return.success_title')}>
          {state.method === 'bank_transfer'
            ? t('bank.received')
            : t('return.success_text', { amount: money(state.amount_cents) })}
        </Alert>
        {reference}
        {state.method === 'bank_transfer' && <TransferCovers state={state} />}
        <Group>{actions}</Group>
      </Stack>
    );
  }
  if (state.status === 'failed' || state.status === 'cancelled') {
    const failed = state.status === 'failed';
    return (
      <Stack gap="md">
        <Alert
          color={failed ? 'red' : 'yellow'}
          variant="light"
          role="alert"
          title={t(failed ? 'return.failed_title' : 'return.cancelled_title')}
        >
          <Stack gap={4}>
            {failed && <Text fw={600}>{failureText(t, state)}</Text>}
            <Text size="sm">{t(failed ? 'return.failed_text' : 'return.cancelled_text')}</Text>
          </Stack>
        </Alert>
        {reference}
        <Group>
          {retry}
          {actions}
        </Group>
      </Stack>
    );
  }
  if (state.method === 'bank_transfer' && state.bank) {
    return (
      <Stack gap="md">
        <BankInstructions bank={state.bank} />
        <TransferCovers state={state} />
        <Alert color="blue" variant="light" role="status">
          {t('bank.waiting')}
        </Alert>
        <Group>{actions}</Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" role="status" title={t('return.pending_title')}>
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Text size="sm">{t('return.pending_text')}</Text>
        </Group>
      </Alert>
      {state.redirect_url && <Anchor href={state.redirect_url}>{t('return.continue')}</Anchor>}
      {reference}
      <Group>{actions}</Group>
    </Stack>
  );
}
