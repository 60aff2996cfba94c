/** German: every namespace of src/locales/de, as one chunk (i18n.ts loads a language whole). */
export default import.meta.glob<Record<string, unknown>>('../../../locales/de/*.json', { eager: true, import: 'default' });
