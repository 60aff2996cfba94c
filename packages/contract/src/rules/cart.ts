/**
 * The order cart (spec 1 §4 Cart) as a pure reducer over cart lines.
 */

import type { DedicatedOrderConfig, VmOrderConfig } from '../schemas/orders';

/**
 * One cart line; a line made by the server builder carries the server's configuration, a dedicated
 * offer's line its offer and hostname.
 */
export type CartItem = {
  offer_id: string | number;
  location: string;
  quantity: number;
  config?: VmOrderConfig;
  dedicated?: DedicatedOrderConfig;
};

/** What can happen to the cart. */
export type CartAction =
  | { type: 'add'; item: CartItem }
  | { type: 'updateQuantity'; offer_id: string | number; quantity: number }
  | { type: 'remove'; offer_id: string | number; location: string }
  | { type: 'empty' };

/** Offer ids arrive as numbers from one call and as strings from another; 7 and '7' are one offer. */
export function sameOffer(a: string | number, b: string | number): boolean {
  return String(a) === String(b);
}

/** A usable quantity: a finite number, rounded down; anything else is 0. */
function quantityOf(q: number): number {
  return Number.isFinite(q) ? Math.floor(q) : 0;
}

/**
 * The next cart. The input is never changed; a no-op returns the same array.
 * - add: a line with the same offer_id and location gets the quantity added, otherwise the item
 *   is appended. A quantity below 1 adds nothing.
 * - updateQuantity: the first line with that offer_id (whatever its location) gets the quantity;
 *   a quantity below 1 removes that line, as a cart's quantity stepper going to zero does.
 * - remove: drops the lines with that offer_id and location.
 * - empty: no lines.
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add': {
      const quantity = quantityOf(action.item.quantity);
      if (quantity < 1) return items;
      const { offer_id, location } = action.item;
      const at = items.findIndex((i) => sameOffer(i.offer_id, offer_id) && i.location === location);
      if (at === -1) return [...items, { ...action.item, quantity }];
      return items.map((line, i) => (i === at ? { ...line, quantity: line.quantity + quantity } : line));
    }
    case 'updateQuantity': {
      const at = items.findIndex((i) => sameOffer(i.offer_id, action.offer_id));
      if (at === -1) return items;
      const quantity = quantityOf(action.quantity);
      if (quantity < 1) return items.filter((_, i) => i !== at);
      if (items[at]?.quantity === quantity) return items;
      return items.map((line, i) => (i === at ? { ...line, quantity } : line));
    }
    case 'remove': {
      const next = items.filter((i) => !(sameOffer(i.offer_id, action.offer_id) && i.location === action.location));
      return next.length === items.length ? items : next;
    }
    case 'empty':
      return items.length === 0 ? items : [];
    default:
      return items;
  }
}

/** The number of units in the cart (the sum of the quantities). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}
