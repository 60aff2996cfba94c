/**
 * react-i18next's hook for the portal's translator (./translator.ts): a component gets `t` for its
 * namespaces (the first is the default for keys without one) and the translator, and renders again
 * when the language changes or texts arrive (the rest of a language follows the first screen).
 */
import { useSyncExternalStore } from 'react';
import i18n from './i18n';
import type { TFunction, Translator } from './translator';

export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: Translator } {
  useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  return { t: i18n.getFixedT(ns), i18n };
}
