/** Polish: every other namespace, as one chunk, loaded once the first page has rendered. */
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/pl/*.json', '!../../../locales/pl/{auth,common,dashboard,pages,shell,telegram,terminal,voucher}.json'],
  { eager: true, import: 'default' },
);
