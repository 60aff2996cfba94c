/** German: every other namespace, as one chunk, loaded once the first page has rendered. */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../locales/de/*.json',
    '!../../../locales/de/{auth,common,dashboard,errors,pages,shell,telegram,terminal,validation,voucher}.json',
  ],
  { eager: true, import: 'default' },
);
