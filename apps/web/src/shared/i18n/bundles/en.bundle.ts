/** English: every namespace of src/locales/en, as one chunk (i18n.ts loads a language whole). */
export default import.meta.glob<Record<string, unknown>>('../../../locales/en/*.json', { eager: true, import: 'default' });
