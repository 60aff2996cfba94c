/**
 * The interface's translations (./translator.ts, with ICU message syntax: plurals as
 * `{count, plural, one {...} other {...}}`, ./icu.ts): texts bundled from
 * src/locales/<lng>/<namespace>.json, the language from the language cookie, English as fallback
 * language and `common` as fallback namespace.
 */
import { COOKIES, DEFAULT_LANGUAGE, type Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { getCookie } from '../session/cookies';
import { Translator } from './translator';

// Each language is two chunks (bundles/<lng>.start.bundle.ts and <lng>.rest.bundle.ts), fetched
// only when that language is used: the first screens wait for the start part of the user's language
// (and of English, the fallback), the rest follows once the first page has rendered.
const parts = import.meta.glob<Record<string, Record<string, unknown>>>('./bundles/*.bundle.ts', {
  import: 'default',
});
type Part = 'start' | 'rest';

const i18n = new Translator({
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  fallbackNS: 'common',
});
const loading = new Map<string, Promise<void>>();

/** Fetches one part of a language's translations once and adds its namespaces to the translator. */
function loadPart(lng: Language, part: Part): Promise<void> {
  const key = `./bundles/${lng}.${part}.bundle.ts`;
  let done = loading.get(key);
  if (!done) {
    const load = parts[key];
    done = (load ? load() : Promise.resolve<Record<string, Record<string, unknown>>>({})).then((files) => {
      const namespaces: Record<string, Record<string, unknown>> = {};
      for (const [path, data] of Object.entries(files)) {
        const ns = /([^/]+)\.json$/.exec(path)?.[1];
        if (ns) namespaces[ns] = data;
      }
      // One change for the whole part: screens render once with all of it.
      i18n.addResources(lng, namespaces);
    });
    // A failed fetch (e.g. a new release) is tried again next time.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** Fetches a language's translations (every namespace) once and adds them to the translator. */
export async function loadLanguage(lng: Language): Promise<void> {
  await Promise.all([loadPart(lng, 'start'), loadPart(lng, 'rest')]);
}

/**
 * Every namespace of the interface's languages (the current one and English): fetched once a first
 * screen has rendered, and awaited by every other page before it renders (app/lazy-page.ts).
 */
export function loadRemainingTranslations(): Promise<void> {
  return Promise.all([loadLanguage(DEFAULT_LANGUAGE), loadLanguage(normalizeLocale(i18n.language))]).then(() => undefined);
}

/** The language the interface starts in: the language cookie when supported, otherwise en. */
export function initialLanguage(): Language {
  return normalizeLocale(getCookie(COOKIES.language.name));
}

/** Start-up: the interface renders once the start part of the starting language and of the fallback are loaded. */
export async function initI18n(): Promise<void> {
  const lng = initialLanguage();
  await Promise.all([loadPart(DEFAULT_LANGUAGE, 'start'), loadPart(lng, 'start')]);
  await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export default i18n;
