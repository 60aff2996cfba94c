import { profileUpdateLanguageSchema } from '@portside/contract/schemas/profile';
import { customer } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { setAccountLanguage } from './profile.repository.js';

export const profileRpcs: AnyRpc[] = [
  defineRpc({
    name: 'ProfileUpdateLanguage',
    access: customer,
    schema: profileUpdateLanguageSchema,
    audit: true,
    auditTarget: (b) => `account language → ${b.p_language}`,
    handler: async (u, b) => {
      await u.tenant((tx) => setAccountLanguage(tx, b.p_language));
      return { success: true };
    },
  }),
];
