/** Finnish: every namespace of src/locales/fi, as one chunk (i18n.ts loads a language whole). */
export default import.meta.glob<Record<string, unknown>>('../../../locales/fi/*.json', { eager: true, import: 'default' });
