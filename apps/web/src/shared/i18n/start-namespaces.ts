/**
 * The namespaces the first screens (login, profile-reload, the shell and the dashboard) use: each
 * language's bundles/<lng>.start.bundle.ts holds these, <lng>.rest.bundle.ts the others (globs
 * cannot read a constant; bundles.test.ts checks that both name exactly this list).
 */
export const START_NAMESPACES = [
  'auth',
  'common',
  'dashboard',
  'errors',
  'pages',
  'shell',
  'telegram',
  'terminal',
  'validation',
  'voucher',
] as const;
