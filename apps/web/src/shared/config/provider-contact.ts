/**
 * How customers reach the provider: the support channels of the sidebar's Support group and the
 * contact page (issue 16). One place, configurable per installation at build time (VITE_*), so the
 * sidebar, the mascot's dialog and /contact never disagree about a link.
 */
const env = import.meta.env as Record<string, string | undefined>;

/** Community chat of the Support group. */
export const COMMUNITY_CHAT_URL = env.VITE_COMMUNITY_CHAT_URL ?? 'https://github.com/portside-hosting/portside/discussions';

/** The provider's postal details and the addresses that answer e-mail. */
export const PROVIDER_CONTACT = {
  company: env.VITE_PROVIDER_COMPANY ?? 'Portside Cloud, Lda.',
  /** The registered office, one line per entry. */
  address: (env.VITE_PROVIDER_ADDRESS ?? 'Rua do Comércio 12|1100-150 Lisboa|Portugal').split('|'),
  supportEmail: env.VITE_SUPPORT_EMAIL ?? 'support@portside.test',
  abuseEmail: env.VITE_ABUSE_EMAIL ?? 'abuse@portside.test',
} as const;
