/**
 * The body of both payment return pages (/payment-return/:orderId and
 * /payment-return-banktransfer/:orderId, `?payment=<id>`): asks the server how the payment stands
 * (PaymentStatus, which asks the provider — the address is never trusted) until it has ended.
 */
import { Alert, Button, Skeleton, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { QueryState } from '../../../shared/ui/query-state';
import { usePaymentStatus } from '../api/payment-status';
import { paymentIdFrom } from '../lib/continue-payment';
import { useRetryPayment } from '../lib/use-retry-payment';
import { PaymentOutcome } from './payment-outcome';

export function PaymentReturnView({ title, pollMs }: { title: string; pollMs?: number }) {
  const { t } = useTranslation('payments');
  const [search] = useSearchParams();
  const id = paymentIdFrom(search);
  const status = usePaymentStatus(id, pollMs);
  const retry = useRetryPayment();
  const state = status.data;
  const toServers = state?.purpose === 'order';
  // An order of dedicated servers only goes on as installs on the dedicated list.
  const target = !toServers ? 'billing' : state.order_dedicated_only ? 'servers-dedicated' : 'list-view';

  const actions = (
    <Button component={Link} to={buildPath(target)} variant={state?.status === 'succeeded' ? 'filled' : 'default'}>
      {t(toServers ? 'return.to_servers' : 'return.to_billing')}
    </Button>
  );

  return (
    <Stack component="section" gap="md" maw={640} aria-labelledby="payment-return-title">
      <Title order={1} size="h2" id="payment-return-title">
        {title}
      </Title>
      {id === 0 ? (
        <Alert color="yellow" variant="light" role="alert">
          {t('return.missing')}
        </Alert>
      ) : (
        <QueryState query={status} loadingLabel={t('return.checking')} skeleton={<Skeleton h={120} radius="md" />}>
          {state && (
            <>
              <PaymentOutcome state={state} actions={actions} onRetry={() => retry.mutate(state)} retrying={retry.isPending} />
              {retry.error ? <ErrorAlert error={retry.error} /> : null}
            </>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
