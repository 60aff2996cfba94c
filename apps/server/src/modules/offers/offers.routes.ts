/**
 * Offers and the server builder (issue 5; spec 2 §7): the public offers and products lists, the
 * builder's private reads and the live price OrderQuote. OrderQuote changes nothing and is not
 * logged; it runs every check CreateOrder runs on a line ({@link validateOrderLine}) but the offer
 * id's, since it names no offer (its body is the builder's location and configuration, or a
 * dedicated offer and hostname).
 */
import { orderQuoteSchema } from '@portside/contract/schemas/orders';
import { customer } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { quoteOf, validateDedicatedLine, validateOrderLine } from './order-line.js';

export const offersRpcs: AnyRpc[] = [
  defineRpc({
    name: 'OrderQuote',
    access: customer,
    schema: orderQuoteSchema,
    handler: (u, b) => {
      const clientId = u.principal.clientId;
      return u.tenant(async (tx) => {
        const line =
          b.p_kind === 'dedicated'
            ? await validateDedicatedLine(tx, {
                kind: 'dedicated',
                offer_id: null,
                location: b.p_location,
                quantity: b.p_quantity,
                dedicated: b.p_dedicated!,
              })
            : await validateOrderLine(tx, clientId, {
                offer_id: null,
                location: b.p_location,
                quantity: b.p_quantity,
                config: b.p_config!,
              });
        return quoteOf(tx, clientId, line);
      });
    },
  }),
];
