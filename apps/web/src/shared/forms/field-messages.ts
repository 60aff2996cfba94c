/**
 * Form error texts are kept as fully qualified i18n keys ('validation:email_empty',
 * 'settings:errors.wrong_password') so schema issues and server answers share one shape.
 */
import { isMessageKey } from '@portside/contract/messages';

/** Prefix marking a text that is not a translation key (shown as is). */
const RAW = 'raw:';

/** The i18n key for a schema or server message key; unknown texts are kept verbatim. */
export function validationKey(key: string): string {
  return isMessageKey(key) ? `validation:${key}` : `${RAW}${key}`;
}

/** Translates a key made by {@link validationKey} (or any 'ns:key'). */
export function translateKey(t: (key: string) => string, key: string): string {
  return key.startsWith(RAW) ? key.slice(RAW.length) : t(key);
}
