/**
 * Changing the interface language (spec 1 §2 Top bar): cookie, the translator, <html lang>, and the
 * account's stored language when logged in.
 */
import { COOKIES, type Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { api, errorHtml } from '../api/client';
import { getCookie, setCookie } from '../session/cookies';
import { getSession, setSession } from '../session/store';
import { notifyError } from '../ui/notify';
import i18n, { loadLanguage } from './i18n';

/** The current interface language. */
export function currentLanguage(): Language {
  return normalizeLocale(i18n.language);
}

/**
 * Switches the interface language locally (cookie, the translator, `<html lang>`) without telling the
 * server. Used after login, where the language comes from the profile.
 */
export async function applyLanguage(lng: string): Promise<Language> {
  const language = normalizeLocale(lng);
  setCookie(COOKIES.language.name, language, COOKIES.language);
  document.documentElement.lang = language;
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  return language;
}

/**
 * The language picker's action: applies the language and, when logged in, saves it to the
 * account with ProfileUpdateLanguage {p_language}. A failed save shows in the error banner;
 * the interface keeps the chosen language either way.
 */
export async function setLanguage(lng: string): Promise<void> {
  const language = await applyLanguage(lng);
  const profile = getSession('customerDetails');
  if (!getCookie(COOKIES.token.name) || !profile || profile.language === language) return;
  try {
    await api.rpc('ProfileUpdateLanguage', { p_language: language });
    const latest = getSession('customerDetails');
    if (latest) setSession('customerDetails', { ...latest, language });
  } catch (e) {
    notifyError(errorHtml(e, i18n.t.bind(i18n)));
  }
}
