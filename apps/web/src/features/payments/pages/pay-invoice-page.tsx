/**
 * /pay-invoice/:issuer/:invoice (public, reached from the invoice e-mail's hashed link): the
 * invoice's number, dates, amounts, status (the contract's rule, as on /billing and in the PDF) and
 * bank-transfer reference, and paying it by card or bank transfer without
 * logging in. The card provider sends the browser back here with `?payment=<id>`, and the page
 * shows how that payment ended. Nothing else of the account is shown.
 */
import { useState } from 'react';
import { Anchor, Button, Center, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { PaymentState, PublicInvoice } from '@portside/contract/schemas/payments';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { hasToken } from '../../../shared/session/auth';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { InvoiceStatusBadge } from '../../../shared/ui/invoice-status-badge';
import { QueryState } from '../../../shared/ui/query-state';
import { usePayPublicInvoice, usePublicInvoice, usePublicInvoicePayment, type InvoiceLink } from '../api/public-invoice';
import { PaymentOutcome } from '../components/payment-outcome';
import { paymentIdFrom } from '../lib/continue-payment';
import { newIdempotencyKey } from '../lib/idempotency-key';

function InvoiceFacts({ invoice }: { invoice: PublicInvoice }) {
  const { t } = useTranslation('payments');
  const money = useMoney();
  const date = useDateFormat();
  const rows: Array<[string, string]> = [
    [t('public.issued'), date(invoice.issued_on, { style: 'date' })],
    [t('public.due'), date(invoice.due_on, { style: 'date' })],
    [t('public.total'), money(invoice.total_cents)],
    [t('public.paid'), money(invoice.paid_cents)],
    [t('public.open'), money(invoice.open_cents)],
  ];
  // The invoice's own transfer reference, as its PDF and e-mail give it, while something is left to pay.
  if (invoice.status === 'open' && invoice.open_cents > 0) rows.push([t('public.reference'), invoice.reference]);
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th scope="row" fw={500} c="dimmed">
              {k}
            </Table.Th>
            <Table.Td fw={600}>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function PayInvoicePage() {
  const { t } = useTranslation(['payments', 'common', 'pages']);
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const link: InvoiceLink = { issuer: params.issuer ?? '', invoice: params.invoice ?? '' };
  const invoice = usePublicInvoice(link);
  const paymentId = paymentIdFrom(search);
  const payment = usePublicInvoicePayment(link, paymentId);
  const pay = usePayPublicInvoice(link);
  const [key, setKey] = useState(newIdempotencyKey);
  const here = buildPath('pay-invoice', { issuer: link.issuer, invoice: link.invoice });

  const start = (method: 'card' | 'bank_transfer') => {
    if (pay.isPending) return;
    pay.mutate(
      { p_method: method, p_idempotency_key: key },
      {
        onSuccess: (started) => {
          setKey(newIdempotencyKey());
          if (started.redirect_url && started.status === 'pending') window.location.assign(started.redirect_url);
          else void navigate(`${here}?payment=${started.payment_id}`);
        },
      },
    );
  };

  const inv = invoice.data;
  const state: PaymentState | undefined = payment.data;
  const open = inv?.status === 'open' && inv.open_cents > 0;
  // While the payment the address names is looked up, the ways to pay wait.
  const checking = paymentId > 0 && payment.isPending;

  return (
    <Center component="main" mih="100dvh" px="sm" py="xl" bg="var(--portside-surface-muted)">
      <Paper withBorder radius="md" p="lg" w="100%" maw={560}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('pages:titles.pay_invoice')}
          </Title>
          <QueryState
            query={invoice}
            loadingLabel={t('payments:public.loading')}
            skeleton={
              <>
                <Skeleton h={32} w="60%" radius="sm" />
                <Skeleton h={140} radius="sm" />
                <Skeleton h={36} w={200} radius="sm" />
              </>
            }
          >
            {inv && (
              <>
                <Group justify="space-between" gap="xs">
                  <Title order={2} size="h3">
                    {t('payments:public.title', { number: inv.number })}
                  </Title>
                  <InvoiceStatusBadge invoice={inv} />
                </Group>
                <InvoiceFacts invoice={inv} />
                {/* Back from the card provider: how that payment ended, before anything else is offered. */}
                {paymentId > 0 && (
                  <QueryState query={payment} loadingLabel={t('payments:return.checking')} skeleton={2}>
                    {state && (
                      <PaymentOutcome
                        state={state}
                        onRetry={open && state.status !== 'pending' ? () => start('card') : undefined}
                        retrying={pay.isPending}
                      />
                    )}
                  </QueryState>
                )}
                {!checking && open && (!state || state.status === 'failed' || state.status === 'cancelled') && !pay.isSuccess ? (
                  <Group grow={false} gap="sm">
                    {!state && (
                      <Button onClick={() => start('card')} loading={pay.isPending && pay.variables?.p_method === 'card'}>
                        {t('payments:public.pay_card')}
                      </Button>
                    )}
                    <Button
                      variant="default"
                      onClick={() => start('bank_transfer')}
                      loading={pay.isPending && pay.variables?.p_method === 'bank_transfer'}
                    >
                      {t('payments:public.pay_bank')}
                    </Button>
                  </Group>
                ) : null}
                {!checking && !open && !state && <Text c="dimmed">{t('payments:public.nothing_open')}</Text>}
                {pay.error ? <ErrorAlert error={pay.error} /> : null}
              </>
            )}
          </QueryState>
          {!hasToken() && (
            <Anchor component={Link} to={buildPath('login')} size="sm">
              {t('payments:public.login')}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
