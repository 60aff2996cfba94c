/**
 * The portal's ICU subset formats every message of every locale exactly as intl-messageformat (the
 * reference implementation it replaced) does, for plural counts across every language's
 * categories; quoting and the errors of texts outside the subset.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { compileIcu, formatIcu, IcuMissingValueError, IcuSyntaxError } from './icu';

type Tree = { [key: string]: string | Tree };
const FILES = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });

function* texts(tree: Tree, prefix = ''): Generator<[string, string]> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') yield [prefix + k, v];
    else yield* texts(v, `${prefix}${k}.`);
  }
}

/** Counts that reach zero, one, two, few and many in the six languages (pl: 2–4, 5–21, 22; fi, hi, de, pt). */
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1000, 1.5];

/** Every argument gets `n`; string-looking names get a word so a swapped argument would show. */
function values(n: number): Record<string, unknown> {
  return new Proxy({}, { get: (_t, name) => (String(name).startsWith('name') ? `«${String(name)}»` : n), has: () => true });
}

describe.each([...LANGUAGES])('every %s message', (lng) => {
  const files = Object.entries(FILES).filter(([f]) => f.includes(`/locales/${lng}/`));
  it('formats as intl-messageformat does', () => {
    expect(files.length).toBeGreaterThan(5);
    let checked = 0;
    for (const [file, tree] of files) {
      for (const [key, text] of texts(tree)) {
        const parts = compileIcu(text);
        const reference = new IntlMessageFormat(text, lng, undefined, { ignoreTag: true });
        for (const n of text.includes('plural') ? COUNTS : [3]) {
          expect(formatIcu(parts, lng, values(n)), `${file} ${key} (${n})`).toBe(reference.format(values(n)));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('the ICU subset', () => {
  const same = (text: string, vals: Record<string, unknown> = {}, lng = 'en') =>
    expect(formatIcu(compileIcu(text), lng, vals)).toBe(
      new IntlMessageFormat(text, lng, undefined, { ignoreTag: true }).format(vals),
    );

  it('quotes like ICU', () => {
    same("Don't stop");
    same("It''s '{literal}' text");
    same("a '{b}' c '' d '#' e");
    same("{n, plural, one {'#' is # item} other {# items '{x}'}}", { n: 1 });
    same("{n, plural, one {it''s #} other {they''re #}}", { n: 7 });
  });

  it('formats numbers in # and leaves simple arguments as they are', () => {
    same('{n, plural, other {# servers}} of {n}', { n: 12345 }, 'de');
    same('{n, plural, other {# servers}}', { n: 1234.5 }, 'hi');
    same('{v}|{w}|{x}', { v: 0, w: '', x: null });
  });

  it('picks exact values before categories and falls back to other', () => {
    same('{n, plural, =0 {none} one {one} few {few} many {many} other {other #}}', { n: 0 }, 'pl');
    same('{n, plural, =0 {none} one {one} few {few} many {many} other {other #}}', { n: 3 }, 'pl');
    same('{n, plural, =0 {none} one {one} few {few} many {many} other {other #}}', { n: 5 }, 'pl');
    same('{n, plural, one {one} other {other}}', { n: 5 }, 'pl');
  });

  it('nests arguments and plurals', () => {
    same('{a, plural, one {{name} has # key} other {{name} has # keys and {b, plural, one {# box} other {# boxes}}}}', {
      a: 2,
      b: 1,
      name: 'Dana',
    });
  });

  it('refuses what it does not know', () => {
    expect(() => compileIcu('{a, select, x {y} other {z}}')).toThrow(IcuSyntaxError);
    expect(() => compileIcu('{a, plural, one {y}}')).toThrow(IcuSyntaxError);
    expect(() => compileIcu('a } b')).toThrow(IcuSyntaxError);
    expect(() => compileIcu('{a')).toThrow(IcuSyntaxError);
    expect(() => formatIcu(compileIcu('{a}'), 'en', {})).toThrow(IcuMissingValueError);
  });
});
