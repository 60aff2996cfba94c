/** Portuguese: every namespace of src/locales/pt, as one chunk (i18n.ts loads a language whole). */
export default import.meta.glob<Record<string, unknown>>('../../../locales/pt/*.json', { eager: true, import: 'default' });
