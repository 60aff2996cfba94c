/** The top bar's cart: the number of servers in the cart, opening /checkout. */
import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { cartCount } from '@portside/contract/rules/cart';
import { buildPath } from '@portside/contract/routes';
import { Icon } from '../../../shared/ui/icons';
import { LazyTooltip } from '../../../shared/ui/lazy-tooltip';
import { useCart } from '../lib/use-cart';

export function CartButton() {
  const { t } = useTranslation('order');
  const { items } = useCart();
  const count = cartCount(items);
  const label = t('cart.button', { count });
  return (
    <LazyTooltip label={label} withArrow>
      <Indicator label={count} size={16} disabled={count === 0} offset={4}>
        <ActionIcon component={Link} to={buildPath('checkout')} variant="subtle" color="gray" size="lg" aria-label={label}>
          <Icon name="cart" />
        </ActionIcon>
      </Indicator>
    </LazyTooltip>
  );
}
