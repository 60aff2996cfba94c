import { profileUpdateLanguageSchema } from '@portside/contract/schemas/profile';
import { customer, defineRpc, type RpcDef } from '../../http/access.js';
import { requireUser } from '../../http/guards.js';

export const profileRpcs: RpcDef[] = [
  defineRpc({
    name: 'ProfileUpdateLanguage',
    access: customer,
    schema: profileUpdateLanguageSchema,
    audit: true,
    handler: async (ctx, b) => {
      const u = requireUser(ctx);
      await u.tenant((tx) => tx.query(`UPDATE clients SET language = $1 WHERE id = portside_client()`, [b.p_language]));
      return { success: true };
    },
  }),
];
