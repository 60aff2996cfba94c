/**
 * Control characters in text (issue 11): PostgreSQL cannot store NUL in text (error 22021), and no
 * C0 control character but tab, line feed and carriage return — nor DEL — belongs in a name, an
 * address, a comment or a filter value. Every RPC body and every filter value is checked with these
 * rules before anything runs, so such input is refused with VALIDATION_FAILED and changes nothing.
 */

/** U+0000–U+0008, U+000B, U+000C, U+000E–U+001F and U+007F. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether the text holds a control character other than tab, line feed and carriage return. */
export function hasControlChars(text: string): boolean {
  return CONTROL.test(text);
}

/** Deepest nesting a body is walked to; deeper values are refused as if they held a control character. */
const MAX_DEPTH = 32;

/**
 * The path to the first string of a JSON value (a key or a value, at any depth) that holds a
 * control character, or null when there is none. `[]` means the value itself. Typed arrays (file
 * bytes) are skipped.
 */
export function findControlChars(value: unknown, path: ReadonlyArray<string | number> = []): Array<string | number> | null {
  if (path.length > MAX_DEPTH) return [...path];
  if (typeof value === 'string') return hasControlChars(value) ? [...path] : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlChars(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  // Binary data (an uploaded file's bytes) is not text.
  if (ArrayBuffer.isView(value)) return null;
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (hasControlChars(k)) return [...path, k];
      const found = findControlChars(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}
