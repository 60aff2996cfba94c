/**
 * /checkout (spec 1 §2, §4 Cart): the cart's lines with their prices (OrderQuote), quantity and
 * remove, emptying with a confirmation; the totals with VAT; the payment method; the terms; and
 * 'Place order' (CreateOrder with one idempotency key per checkout visit, kept in the session so a
 * reload or a double click sends the same key). An account that is not verified is sent to
 * /verification. After the order: card → the provider's page; bank transfer → its instructions;
 * balance and trial → the server list, where the terminal panel shows the provisioning.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LOCAL_KEYS } from '@portside/contract/constants';
import { buildPath } from '@portside/contract/routes';
import { orderingAllowed } from '@portside/contract/rules/verification-gate';
import type { OrderPaymentMethod } from '@portside/contract/schemas/orders';
import { ApiError, errorHtml } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/store';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { QueryState } from '../../../shared/ui/query-state';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useCreateOrder } from '../api/create-order';
import { loadOrderData } from '../api/get-order';
import { useHostingLocations } from '../api/get-hosting-locations';
import { useOrderQuotes } from '../api/get-order-quote';
import { useSystems } from '../api/get-systems';
import { getBuilderSession, updateBuilderSession, useBuilderSession } from '../lib/builder-session';
import { afterOrder, checkoutTotals, orderLineOf, quoteInputOf, trialFits, withCheckoutKey } from '../lib/checkout';
import { useCart } from '../lib/use-cart';
import { CartLine } from '../components/cart-line';
import { CheckoutSummary } from '../components/checkout-summary';
import { PaymentChoice } from '../components/payment-choice';

/** The terminal panel opens by itself once messages arrive, unless it was minimized. */
function openTerminalPanel(): void {
  try {
    window.localStorage.setItem(LOCAL_KEYS.terminalMinimized, 'not-minimized');
  } catch {
    // storage disabled: the panel keeps its own default
  }
}

export default function CheckoutPage() {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const profile = useSession('customerDetails');
  const { items, dispatch } = useCart();
  const session = useBuilderSession();
  const locations = useHostingLocations();
  const systems = useSystems();
  const quotes = useOrderQuotes(items.map(quoteInputOf));
  const fits = trialFits(items);
  const method: OrderPaymentMethod = session.payment === 'trial' && !fits ? 'card' : (session.payment ?? 'card');
  const totals = checkoutTotals(
    quotes.map((q) => q.data),
    method,
  );
  const [terms, setTerms] = useState(false);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const create = useCreateOrder();

  // One idempotency key for this visit and this cart (a changed cart gets a new one).
  useEffect(() => {
    if (items.length > 0) updateBuilderSession((s) => withCheckoutKey(s, items));
  }, [items]);

  if (items.length === 0) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1} fz="h2">
          {t('checkout.title')}
        </Title>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>{t('checkout.empty_title')}</Text>
            <Text size="sm" c="dimmed">
              {t('checkout.empty_body')}
            </Text>
            <Button component={Link} to={buildPath('NewOrder')}>
              {t('checkout.empty_action')}
            </Button>
          </Stack>
        </Card>
      </Stack>
    );
  }

  const orderable = items.every((i) => i.config || i.dedicated);
  const place = async () => {
    setError(null);
    if (!orderingAllowed(profile)) {
      void navigate(buildPath('verification'));
      return;
    }
    const s = withCheckoutKey(getBuilderSession(), items);
    updateBuilderSession(() => s);
    try {
      const answer = await create.mutateAsync({
        p_idempotency_key: s.checkout!.key,
        p_items: items.map(orderLineOf),
        p_payment_method: method,
      });
      const next = afterOrder(
        answer,
        method,
        items.every((i) => i.dedicated),
      );
      dispatch({ type: 'empty' });
      updateBuilderSession((b) => ({ ...b, checkout: null, payment: null, trialAccepted: false }));
      if (next.kind === 'redirect') {
        window.location.assign(next.url);
        return;
      }
      if (next.showOrder) {
        await loadOrderData(answer.order_id).catch(() => null);
        openTerminalPanel();
      }
      void navigate(next.path);
    } catch (e) {
      if (e instanceof ApiError && e.body.code === 'VERIFICATION_REQUIRED') void navigate(buildPath('verification'));
      else setError(e);
    }
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            {t('checkout.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('checkout.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={buildPath('NewOrder')} variant="default">
            {t('checkout.add_more')}
          </Button>
          <Button variant="subtle" color="red" onClick={() => setConfirmEmpty(true)}>
            {t('checkout.empty_cart')}
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" component="ul" aria-label={t('checkout.lines')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item, i) => (
              <CartLine
                key={`${item.offer_id}-${item.location}`}
                item={item}
                locationName={locations.data?.find((l) => l.id === item.location)?.name ?? item.location}
                imageName={systems.data?.find((s) => s.id === item.config?.image)?.name ?? item.config?.image ?? ''}
                quote={quotes[i]!}
                onQuantity={(quantity) => dispatch({ type: 'updateQuantity', offer_id: item.offer_id, quantity })}
                onRemove={() => dispatch({ type: 'remove', offer_id: item.offer_id, location: item.location })}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="md">
            <Stack gap="md">
              {/* The totals add up every line's quote: none is shown before all have answered. */}
              <QueryState
                query={quotes.filter((_, i) => items[i]?.config || items[i]?.dedicated)}
                loadingLabel={t('checkout.loading_totals')}
                skeleton={<Skeleton h={120} radius="sm" />}
              >
                <CheckoutSummary totals={totals} trial={method === 'trial'} />
              </QueryState>
              <PaymentChoice
                value={method}
                onChange={(payment) => updateBuilderSession((b) => ({ ...b, payment }))}
                trialOffered={session.trialAccepted}
                trialFits={fits}
              />
              <Checkbox
                checked={terms}
                onChange={(e) => setTerms(e.currentTarget.checked)}
                label={
                  <>
                    {t('checkout.terms_before')}{' '}
                    <Anchor component={Link} to={buildPath('terms_of_service')} target="_blank">
                      {t('checkout.terms_link')}
                    </Anchor>
                  </>
                }
              />
              {!orderable && <Alert color="orange">{t('checkout.no_config')}</Alert>}
              {error !== null && (
                <Alert color="red" variant="light" role="alert">
                  <SafeHtml html={errorHtml(error, t)} />
                </Alert>
              )}
              <Button
                size="md"
                onClick={() => void place()}
                loading={create.isPending}
                disabled={!terms || !totals.complete || !orderable}
                aria-describedby={!terms && orderable ? 'place-order-hint' : undefined}
              >
                {t('checkout.place_order')}
              </Button>
              {/* A disabled button says why. */}
              {!terms && orderable && (
                <Text id="place-order-hint" size="sm" c="dimmed">
                  {t('checkout.terms_hint')}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={confirmEmpty}
        title={t('checkout.empty_confirm_title')}
        confirmLabel={t('checkout.empty_cart')}
        cancelLabel={t('checkout.cancel')}
        closeLabel={t('checkout.close')}
        onClose={() => setConfirmEmpty(false)}
        onConfirm={() => {
          dispatch({ type: 'empty' });
          setConfirmEmpty(false);
        }}
      >
        {t('checkout.empty_confirm_body', { count: items.length })}
      </ConfirmDialog>
    </Stack>
  );
}
