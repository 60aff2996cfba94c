import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartCount, cartReducer, type CartAction, type CartItem } from './cart';

const line = (offer_id: string | number, location: string, quantity: number): CartItem => ({ offer_id, location, quantity });

describe('cartReducer', () => {
  it('appends a new line', () => {
    expect(cartReducer([], { type: 'add', item: line(1, 'lisbon', 1) })).toEqual([line(1, 'lisbon', 1)]);
  });
  it('raises the quantity of a line with the same offer and location', () => {
    const items = [line(1, 'lisbon', 1)];
    expect(cartReducer(items, { type: 'add', item: line(1, 'lisbon', 2) })).toEqual([line(1, 'lisbon', 3)]);
  });
  it('adds a separate line for the same offer in another location', () => {
    const items = [line(1, 'lisbon', 1)];
    expect(cartReducer(items, { type: 'add', item: line(1, 'frankfurt', 1) })).toEqual([
      line(1, 'lisbon', 1),
      line(1, 'frankfurt', 1),
    ]);
  });
  it('treats 7 and "7" as the same offer', () => {
    expect(cartReducer([line(7, 'lisbon', 1)], { type: 'add', item: line('7', 'lisbon', 1) })).toEqual([line(7, 'lisbon', 2)]);
  });
  it('ignores adding nothing', () => {
    const items = [line(1, 'lisbon', 1)];
    expect(cartReducer(items, { type: 'add', item: line(1, 'lisbon', 0) })).toBe(items);
  });
  it('updates the quantity of the first line with the offer, whatever its location', () => {
    const items = [line(1, 'frankfurt', 1), line(1, 'lisbon', 1)];
    expect(cartReducer(items, { type: 'updateQuantity', offer_id: 1, quantity: 5 })).toEqual([
      line(1, 'frankfurt', 5),
      line(1, 'lisbon', 1),
    ]);
  });
  it('removes the line when the quantity drops below 1', () => {
    expect(cartReducer([line(1, 'lisbon', 3)], { type: 'updateQuantity', offer_id: 1, quantity: 0 })).toEqual([]);
  });
  it('ignores an update for an offer not in the cart', () => {
    const items = [line(1, 'lisbon', 3)];
    expect(cartReducer(items, { type: 'updateQuantity', offer_id: 2, quantity: 1 })).toBe(items);
  });
  it('removes the line with the offer and location', () => {
    const items = [line(1, 'lisbon', 1), line(1, 'frankfurt', 1)];
    expect(cartReducer(items, { type: 'remove', offer_id: 1, location: 'lisbon' })).toEqual([line(1, 'frankfurt', 1)]);
  });
  it('empties the cart', () => {
    expect(cartReducer([line(1, 'lisbon', 1)], { type: 'empty' })).toEqual([]);
  });
  it('never changes the input', () => {
    const items = Object.freeze([Object.freeze(line(1, 'lisbon', 1))]) as CartItem[];
    expect(() => cartReducer(items, { type: 'add', item: line(1, 'lisbon', 1) })).not.toThrow();
    expect(items).toEqual([line(1, 'lisbon', 1)]);
  });
});

const offer = fc.constantFrom<string | number>(1, 2, '3');
const location = fc.constantFrom('lisbon', 'frankfurt');
const qty = fc.integer({ min: 1, max: 20 });
const action: fc.Arbitrary<CartAction> = fc.oneof(
  fc.record({ type: fc.constant('add' as const), item: fc.record({ offer_id: offer, location, quantity: qty }) }),
  fc.record({ type: fc.constant('updateQuantity' as const), offer_id: offer, quantity: fc.integer({ min: -2, max: 20 }) }),
  fc.record({ type: fc.constant('remove' as const), offer_id: offer, location }),
  fc.constant({ type: 'empty' as const }),
);

describe('cart properties', () => {
  it('conserves the total quantity when adding', () => {
    fc.assert(
      fc.property(fc.array(action), fc.record({ offer_id: offer, location, quantity: qty }), (actions, item) => {
        const before = actions.reduce(cartReducer, [] as CartItem[]);
        const after = cartReducer(before, { type: 'add', item });
        expect(cartCount(after)).toBe(cartCount(before) + item.quantity);
      }),
    );
  });
  it('keeps one line per offer and location, each with a positive whole quantity', () => {
    fc.assert(
      fc.property(fc.array(action), (actions) => {
        const items = actions.reduce(cartReducer, [] as CartItem[]);
        const keys = items.map((i) => `${String(i.offer_id)}@${i.location}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const i of items) expect(Number.isInteger(i.quantity) && i.quantity >= 1).toBe(true);
      }),
    );
  });
  it('ends empty after empty, whatever came before', () => {
    fc.assert(
      fc.property(fc.array(action), (actions) => {
        expect(cartReducer(actions.reduce(cartReducer, [] as CartItem[]), { type: 'empty' })).toEqual([]);
      }),
    );
  });
});
