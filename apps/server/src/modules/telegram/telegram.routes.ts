import { telegramRequestSchema } from '@portside/contract/schemas/profile';
import { customer, defineRpc, type RpcDef } from '../../http/access.js';
import { requireUser } from '../../http/guards.js';
import { requestConnection } from './telegram.repository.js';

/** TelegramRequest {p_telegram_id} (spec 1 §4 Telegram modal): asks support to connect Telegram. */
export const telegramRpcs: RpcDef[] = [
  defineRpc({
    name: 'TelegramRequest',
    access: customer,
    schema: telegramRequestSchema,
    audit: true,
    auditTarget: (b) => `telegram:${b.p_telegram_id}`,
    handler: async (ctx, b) => {
      const u = requireUser(ctx);
      await u.tenant((tx) => requestConnection(tx, b.p_telegram_id));
      return { success: true };
    },
  }),
];
