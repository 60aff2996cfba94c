/**
 * The ICU message subset the portal's translations use, compiled once per message and formatted
 * with the browser's own Intl: literal text with ICU quoting (`''` is an apostrophe, `'{…}'` is
 * literal text), simple arguments (`{name}`, shown as String(value)) and plurals
 * (`{count, plural, =0 {…} one {…} few {…} many {…} other {…}}` with `#` for the formatted
 * number). It replaces intl-messageformat and its parser (about 12 KiB of gzip before the first
 * screen); `icu.test.ts` checks it gives intl-messageformat's output for every message of every
 * locale. Anything else (select, number or date arguments) is a syntax error here: translations are
 * checked by the locales tests, so a new form has to be added here first.
 */

/** One compiled piece of a message. */
type Part =
  | string
  | { arg: string }
  | { plural: string; exact: ReadonlyMap<number, Part[]>; branches: ReadonlyMap<string, Part[]> }
  | { hash: true };

/** A message that is not in the supported subset. */
export class IcuSyntaxError extends Error {}

/** A value the message names but the caller did not pass (intl-messageformat's MissingValueError). */
export class IcuMissingValueError extends Error {}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  /** Parses text up to an unquoted `}` at this level (or the end at the top level). */
  parts(inPlural: boolean, top: boolean): Part[] {
    const out: Part[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    const s = this.s;
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === "'") {
        const next = s[this.i + 1];
        if (next === "'") {
          text += "'";
          this.i += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          // Quoted literal text up to the next lone apostrophe ('' inside is an apostrophe).
          this.i++;
          while (this.i < s.length) {
            if (s[this.i] === "'") {
              if (s[this.i + 1] === "'") {
                text += "'";
                this.i += 2;
                continue;
              }
              this.i++;
              break;
            }
            text += s[this.i++];
          }
        } else {
          text += "'";
          this.i++;
        }
      } else if (c === '{') {
        flush();
        this.i++;
        out.push(this.argument());
      } else if (c === '}') {
        if (top) throw new IcuSyntaxError(`Unmatched '}' at ${this.i}`);
        break;
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ hash: true });
        this.i++;
      } else {
        text += c;
        this.i++;
      }
    }
    flush();
    return out;
  }

  private space(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  private word(): string {
    this.space();
    const m = /^[^\s{}#,'=]+|^=[0-9]+/.exec(this.s.slice(this.i));
    if (!m) throw new IcuSyntaxError(`Expected a name at ${this.i}`);
    this.i += m[0].length;
    return m[0];
  }

  private expect(c: string): void {
    this.space();
    if (this.s[this.i] !== c) throw new IcuSyntaxError(`Expected '${c}' at ${this.i}`);
    this.i++;
  }

  /** After `{`: `name}` or `name, plural, …}`. */
  private argument(): Part {
    const name = this.word();
    this.space();
    if (this.s[this.i] === '}') {
      this.i++;
      return { arg: name };
    }
    this.expect(',');
    const kind = this.word();
    if (kind !== 'plural') throw new IcuSyntaxError(`Unsupported argument type '${kind}'`);
    this.expect(',');
    const exact = new Map<number, Part[]>();
    const branches = new Map<string, Part[]>();
    for (;;) {
      this.space();
      if (this.s[this.i] === '}') {
        this.i++;
        break;
      }
      const selector = this.word();
      this.expect('{');
      const body = this.parts(true, false);
      this.expect('}');
      if (selector.startsWith('=')) exact.set(Number(selector.slice(1)), body);
      else branches.set(selector, body);
    }
    if (!branches.has('other')) throw new IcuSyntaxError(`The plural of '${name}' has no 'other'`);
    return { plural: name, exact, branches };
  }
}

/** Compiles a message (throws IcuSyntaxError outside the subset). */
export function compileIcu(message: string): Part[] {
  return new Parser(message).parts(false, true);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
function cached<T>(map: Map<string, T>, locale: string, make: () => T): T {
  let v = map.get(locale);
  if (!v) map.set(locale, (v = make()));
  return v;
}

/** A simple argument as text: strings and numbers as they are, nothing for null, undefined or false. */
function argumentText(v: unknown): string {
  if (v == null || v === false) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}

function format(parts: readonly Part[], locale: string, values: Record<string, unknown>, count: number | null): string {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'string') out += p;
    else if ('hash' in p) {
      if (count !== null) out += cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(count);
    } else if ('arg' in p) {
      if (!(p.arg in values)) throw new IcuMissingValueError(`No value for '${p.arg}'`);
      out += argumentText(values[p.arg]);
    } else {
      if (!(p.plural in values)) throw new IcuMissingValueError(`No value for '${p.plural}'`);
      const n = Number(values[p.plural]);
      const branch =
        p.exact.get(n) ??
        p.branches.get(cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(n)) ??
        p.branches.get('other')!;
      out += format(branch, locale, values, n);
    }
  }
  return out;
}

/** Formats a compiled message in a locale with the caller's values. */
export function formatIcu(parts: readonly Part[], locale: string, values: Record<string, unknown> = {}): string {
  return format(parts, locale, values, null);
}
