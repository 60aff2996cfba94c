/**
 * i18next set-up: ICU message syntax (plurals as `{count, plural, one {...} other {...}}`),
 * resources bundled from src/locales/<lng>/<namespace>.json, language from the language cookie.
 */
import i18n from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { COOKIES, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { getCookie } from '../session/cookies';

// Each language is one chunk (bundles/<lng>.bundle.ts, all its namespaces), fetched only when that
// language is used, so the first load carries no translations but the user's language (and
// English, the fallback).
const bundles = import.meta.glob<Record<string, Record<string, unknown>>>('./bundles/*.bundle.ts', {
  import: 'default',
});

/** Fetches a language's translations once and adds them to i18next. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'common')) return;
  const load = bundles[`./bundles/${lng}.bundle.ts`];
  if (!load) return;
  for (const [path, data] of Object.entries(await load())) {
    const ns = /([^/]+)\.json$/.exec(path)?.[1];
    if (ns) i18n.addResourceBundle(lng, ns, data, true, true);
  }
}

/** The language the interface starts in: the language cookie when supported, otherwise en. */
export function initialLanguage(): Language {
  return normalizeLocale(getCookie(COOKIES.language.name));
}

void i18n
  .use(ICU)
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Every namespace of a language is added with its bundle (addResourceBundle registers it).
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

/** Start-up: the interface renders once the starting language and the fallback are loaded. */
export async function initI18n(): Promise<void> {
  const lng = initialLanguage();
  await Promise.all([loadLanguage(DEFAULT_LANGUAGE), loadLanguage(lng)]);
  await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export default i18n;
