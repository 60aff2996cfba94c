/**
 * The community chat of the sidebar's Support group (spec 1 §2), configurable per installation at
 * build time. One place, so the sidebar, the mascot's dialog and /contact never disagree about it.
 * Kept this small on purpose: the shell's first load holds it.
 */
export const COMMUNITY_CHAT_URL =
  (import.meta.env.VITE_COMMUNITY_CHAT_URL as string | undefined) ?? 'https://github.com/portside-hosting/portside/discussions';
