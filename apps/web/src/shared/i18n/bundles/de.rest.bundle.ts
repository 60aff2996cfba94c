/** German: every other namespace, as one chunk, loaded once the first page has rendered. */
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/de/*.json', '!../../../locales/de/{auth,common,dashboard,pages,shell,telegram,terminal,voucher}.json'],
  { eager: true, import: 'default' },
);
