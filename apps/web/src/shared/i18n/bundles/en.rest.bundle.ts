/** English: every other namespace, as one chunk, loaded once the first page has rendered. */
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/en/*.json', '!../../../locales/en/{auth,common,dashboard,pages,shell,telegram,terminal,voucher}.json'],
  { eager: true, import: 'default' },
);
