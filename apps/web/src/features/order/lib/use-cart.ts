/**
 * The cart in the session state (spec 1 §4 Cart; cartItems): every change goes through the
 * contract's cart reducer; logout clears it with the session.
 */
import { useCallback } from 'react';
import { cartReducer, type CartAction, type CartItem } from '@portside/contract/rules/cart';
import { getSession, setSession, useSession } from '../../../shared/session/store';

/** Applies a cart action to the stored cart. */
export function dispatchCart(action: CartAction): CartItem[] {
  const current = getSession('cartItems');
  const next = cartReducer(Array.isArray(current) ? current : [], action);
  if (next !== current) setSession('cartItems', next);
  return next;
}

export function useCart(): { items: CartItem[]; dispatch: (a: CartAction) => void } {
  const stored = useSession('cartItems');
  const dispatch = useCallback((a: CartAction) => void dispatchCart(a), []);
  return { items: Array.isArray(stored) ? stored : [], dispatch };
}
