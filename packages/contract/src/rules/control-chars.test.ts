import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findControlChars, hasControlChars } from './control-chars';

describe('hasControlChars', () => {
  it('finds NUL, the other C0 controls and DEL', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', '\u007f'])
      expect(hasControlChars(`a${c}b`), JSON.stringify(c)).toBe(true);
  });

  it('lets tab, line feed, carriage return and any printable text through', () => {
    expect(hasControlChars('line one\r\nline two\tend')).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const printable = [...s].filter((ch) => !/[\u0000-\u001f\u007f]/.test(ch)).join('');
        expect(hasControlChars(printable)).toBe(false);
      }),
    );
  });

  it('finds a control character wherever it is placed in any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom('\u0000', '\u0007', '\u007f'), (a, b, c) => {
        expect(hasControlChars(a + c + b)).toBe(true);
      }),
    );
  });
});

describe('findControlChars', () => {
  it('names the path of the first bad string, key or value, at any depth', () => {
    expect(findControlChars({ p_email: 'a@b.pt', p_password: 'x\u0000' })).toEqual(['p_password']);
    expect(findControlChars({ p_items: [{ hostname: 'ok' }, { hostname: 'no\u0000' }] })).toEqual(['p_items', 1, 'hostname']);
    expect(findControlChars({ p_map: { 'k\u0000': 1 } })).toEqual(['p_map', 'k\u0000']);
    expect(findControlChars('\u0000')).toEqual([]);
  });

  it('answers null for clean bodies of any shape', () => {
    expect(findControlChars({ a: 1, b: null, c: true, d: ['x', { e: 'multi\nline' }] })).toBeNull();
    expect(findControlChars(undefined)).toBeNull();
    // JSON.parse's reviver visits every key and value: an independent walk to compare with.
    const anyBad = (v: unknown) => {
      let bad = false;
      JSON.parse(JSON.stringify(v) ?? 'null', (k: string, x: unknown) => {
        if (hasControlChars(k) || (typeof x === 'string' && hasControlChars(x))) bad = true;
        return x;
      });
      return bad;
    };
    const texts = fc.oneof(fc.string(), fc.constantFrom('\u0000', 'a\u001fb', '\u007f', 'tab\tok'));
    fc.assert(
      fc.property(fc.anything({ key: texts, values: [texts, fc.integer(), fc.constant(null)], maxDepth: 4 }), (v) => {
        expect(findControlChars(v) !== null).toBe(anyBad(v));
      }),
    );
  });

  it('skips binary data but not the strings beside it', () => {
    const bytes = new Uint8Array([0, 1, 2, 127]);
    expect(findControlChars({ p_file: { bytes, filename: 'id.png' } })).toBeNull();
    expect(findControlChars({ p_file: { bytes, filename: 'id\u0000.png' } })).toEqual(['p_file', 'filename']);
  });

  it('refuses bodies nested deeper than it walks', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findControlChars(deep)).not.toBeNull();
  });
});
