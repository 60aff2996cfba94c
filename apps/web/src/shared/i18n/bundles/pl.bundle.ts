/** Polish: every namespace of src/locales/pl, as one chunk (i18n.ts loads a language whole). */
export default import.meta.glob<Record<string, unknown>>('../../../locales/pl/*.json', { eager: true, import: 'default' });
