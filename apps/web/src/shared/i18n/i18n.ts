/**
 * i18next set-up: ICU message syntax (plurals as `{count, plural, one {...} other {...}}`),
 * resources bundled from src/locales/<lng>/<namespace>.json, language from the language cookie.
 */
import i18n, { type Resource } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { COOKIES, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { getCookie } from '../session/cookies';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Bundled translations, keyed by language then namespace (the JSON file's name). */
const resources: Resource = {};
const namespaces = new Set<string>();
for (const [path, data] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lng, ns] = match as unknown as [string, string, string];
  (resources[lng] ??= {})[ns] = data;
  namespaces.add(ns);
}

/** Every namespace found in src/locales (common, shell, dashboard, errors, pages, auth, ...). */
export const NAMESPACES: readonly string[] = [...namespaces].sort();

/** The language the interface starts in: the language cookie when supported, otherwise en. */
export function initialLanguage(): Language {
  return normalizeLocale(getCookie(COOKIES.language.name));
}

void i18n
  .use(ICU)
  .use(initReactI18next)
  .init({
    resources,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export default i18n;
