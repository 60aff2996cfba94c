import { profileUpdateLanguageSchema } from '@portside/contract/schemas/profile';
import { customer, defineRpc, type RpcDef } from '../../http/access.js';
import { requireUser } from '../../http/guards.js';
import { setAccountLanguage } from './profile.repository.js';

export const profileRpcs: RpcDef[] = [
  defineRpc({
    name: 'ProfileUpdateLanguage',
    access: customer,
    schema: profileUpdateLanguageSchema,
    audit: true,
    auditTarget: (b) => `account language → ${b.p_language}`,
    handler: async (ctx, b) => {
      const u = requireUser(ctx);
      await u.tenant((tx) => setAccountLanguage(tx, b.p_language));
      return { success: true };
    },
  }),
];
