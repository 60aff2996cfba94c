/** Hindi: every namespace of src/locales/hi, as one chunk (i18n.ts loads a language whole). */
export default import.meta.glob<Record<string, unknown>>('../../../locales/hi/*.json', { eager: true, import: 'default' });
