/**
 * The provider's postal details and the addresses that answer e-mail (issue 16: /contact, the
 * abuse report, the content pages' defaults), configurable per installation at build time.
 */
import { PROVIDER_COMPANY } from '../../../shared/config/provider';

const env = import.meta.env as Record<string, string | undefined>;

export const PROVIDER_CONTACT = {
  company: PROVIDER_COMPANY,
  /** The registered office, one line per entry (VITE_PROVIDER_ADDRESS separates lines with '|'). */
  address: (env.VITE_PROVIDER_ADDRESS ?? 'Rua do Comércio 12|1100-150 Lisboa|Portugal').split('|'),
  supportEmail: env.VITE_SUPPORT_EMAIL ?? 'support@portside.test',
  abuseEmail: env.VITE_ABUSE_EMAIL ?? 'abuse@portside.test',
} as const;
