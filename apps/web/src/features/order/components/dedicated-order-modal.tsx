/**
 * Ordering a dedicated offer: its hostname (letters, digits and hyphens, checked as the user types
 * after a first try), then into the cart or straight to the checkout. The server checks the offer,
 * the hostname and the price again when the order is placed; staff install the machine once paid.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ServerOffer } from '@portside/contract/schemas/offers';
import { validateDedicatedHostname } from '@portside/contract/rules/validators';
import { dedicatedOfferId } from '@portside/contract/schemas/orders';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';
import { dispatchCart } from '../lib/use-cart';

/** The longest hostname a dedicated line takes (numbered -1, -2... for more than one). */
const HOSTNAME_MAX = 60;

export interface DedicatedOrderModalProps {
  offer: ServerOffer | null;
  onClose: () => void;
  /** Called once the line is in the cart; `checkout` when the user wants to pay now. */
  onAdded: (checkout: boolean) => void;
}

export function DedicatedOrderModal({ offer, onClose, onAdded }: DedicatedOrderModalProps) {
  const { t } = useTranslation(['order', 'validation', 'common']);
  const money = useMoney();
  const [hostname, setHostname] = useState('');
  const [tried, setTried] = useState(false);
  const trimmed = hostname.trim();
  const ruleKey = trimmed.length > HOSTNAME_MAX ? 'field_too_long' : validateDedicatedHostname(trimmed);

  const close = () => {
    setHostname('');
    setTried(false);
    onClose();
  };
  const add = (checkout: boolean) => {
    setTried(true);
    if (!offer || ruleKey) return;
    dispatchCart({
      type: 'add',
      item: {
        offer_id: dedicatedOfferId(offer.offer_id, trimmed),
        location: offer.location,
        quantity: 1,
        dedicated: { offer: offer.offer_id, hostname: trimmed },
      },
    });
    setHostname('');
    setTried(false);
    onAdded(checkout);
  };

  return (
    <Modal
      opened={offer !== null}
      onClose={close}
      title={offer ? t('dedicated.order_title', { name: offer.name }) : ''}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      {offer && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            add(false);
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {t('dedicated.order_summary', {
                cpu: offer.cpu,
                location: offer.location_name,
                price: money(offer.monthly_price_cents),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('dedicated.order_install')}
            </Text>
            <TextInput
              label={t('dedicated.hostname')}
              description={t('dedicated.hostname_rule')}
              value={hostname}
              onChange={(e) => setHostname(e.currentTarget.value)}
              error={tried && ruleKey ? t(`validation:${ruleKey}`) : undefined}
              maxLength={HOSTNAME_MAX + 10}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
              required
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => add(true)}>
                {t('dedicated.order_now')}
              </Button>
              <Button type="submit">{t('dedicated.add_to_cart')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
