import { telegramRequestSchema } from '@portside/contract/schemas/profile';
import { customer } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { requestConnection } from './telegram.repository.js';

/** TelegramRequest {p_telegram_id} (spec 1 §4 Telegram modal): asks support to connect Telegram. */
export const telegramRpcs: AnyRpc[] = [
  defineRpc({
    name: 'TelegramRequest',
    access: customer,
    schema: telegramRequestSchema,
    audit: true,
    auditTarget: (b) => `telegram:${b.p_telegram_id}`,
    handler: async (u, b) => {
      await u.tenant((tx) => requestConnection(tx, b.p_telegram_id));
      return { success: true };
    },
  }),
];
