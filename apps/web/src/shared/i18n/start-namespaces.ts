/**
 * The namespaces the first screens (login, profile-reload, the shell and the dashboard) render with:
 * each language's bundles/<lng>.start.bundle.ts holds these, <lng>.rest.bundle.ts the others (globs
 * cannot read a constant; bundles.test.ts checks that both name exactly this list). The texts of
 * errors and validation messages are in the rest, which is fetched as soon as the first screen has
 * rendered: nothing on a first screen shows one before the user has acted (until then an error
 * would show the server's own words, then its translation).
 */
export const START_NAMESPACES = ['auth', 'common', 'dashboard', 'pages', 'shell', 'telegram', 'terminal', 'voucher'] as const;
