/**
 * Terminal message text (spec 1 'Terminal console', spec 2 §7 'Websocket'): the message is base64
 * of UTF-8 text; one that cannot be decoded is shown raw.
 */

/** Strict base64 (standard alphabet, padded to whole quads); whitespace is ignored. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Control characters that do not occur in terminal text (NUL, BEL..., but not tab, line feed,
 * carriage return or ESC): a decoding that yields them was a raw word that merely looked like
 * base64.
 */
const STRAY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f]/;

/** ANSI escape sequences (colours, cursor moves) a console may emit; not shown in the panel. */
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

/**
 * The UTF-8 text a base64 string encodes, or null when it is not strict base64, not valid UTF-8,
 * or decodes to control characters.
 */
export function decodeBase64Utf8(input: string): string | null {
  const compact = input.replace(/\s+/g, '');
  if (!compact || !BASE64.test(compact)) return null;
  let binary: string;
  try {
    binary = atob(compact);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return STRAY_CONTROL.test(text) ? null : text;
}

/** The text to show for a terminal message: decoded when it is base64, raw otherwise; no ANSI codes. */
export function terminalText(message: string): string {
  return (decodeBase64Utf8(message) ?? message).replace(ANSI, '');
}
