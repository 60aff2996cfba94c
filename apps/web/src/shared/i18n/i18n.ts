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

// Each language's namespaces are separate chunks, fetched only when that language is used, so the
// first load carries no translations but the user's language (and English, the fallback).
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

const byLanguage = new Map<string, Array<{ ns: string; load: () => Promise<Record<string, unknown>> }>>();
for (const [path, load] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lng, ns] = match as unknown as [string, string, string];
  if (!byLanguage.has(lng)) byLanguage.set(lng, []);
  byLanguage.get(lng)!.push({ ns, load });
}

/** Every namespace found in src/locales (common, shell, dashboard, errors, pages, auth, ...). */
export const NAMESPACES: readonly string[] = [...new Set([...byLanguage.values()].flat().map((f) => f.ns))].sort();

/** Fetches a language's translations once and adds them to i18next. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'common')) return;
  const parts = byLanguage.get(lng) ?? [];
  const loaded = await Promise.all(parts.map(async (p) => ({ ns: p.ns, data: await p.load() })));
  for (const { ns, data } of loaded) i18n.addResourceBundle(lng, ns, data, true, true);
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
    ns: [...NAMESPACES],
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
