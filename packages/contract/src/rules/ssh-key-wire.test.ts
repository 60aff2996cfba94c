import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WireReader, bitLength, decodeBase64, encodeBase64, isCurvePoint, positiveMpint } from './ssh-key-wire';
import { TEST_KEYS } from './ssh-key.fixtures';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('base64', () => {
  it('round-trips any bytes like Node’s Buffer does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        const text = encodeBase64(b);
        expect(text).toBe(Buffer.from(b).toString('base64'));
        if (b.length) expect(decodeBase64(text)).toEqual(b);
      }),
    );
  });

  it.each(['', 'AAA', 'AA=A', 'A===', 'AAAA=', 'AA-_', 'AAAA AAAA', 'ä'])('refuses %j', (s) => {
    expect(decodeBase64(s)).toBeNull();
  });
});

describe('WireReader', () => {
  it('reads length-prefixed strings and knows when it is done', () => {
    const r = new WireReader(bytes(0, 0, 0, 2, 0x61, 0x62, 0, 0, 0, 0));
    expect(r.name()).toBe('ab');
    expect(r.done()).toBe(false);
    expect(r.string()).toEqual(new Uint8Array());
    expect(r.done()).toBe(true);
    expect(r.string()).toBeNull();
  });

  it('refuses a length beyond the data, also one with the top bit set', () => {
    expect(new WireReader(bytes(0, 0, 0, 5, 1, 2)).string()).toBeNull();
    expect(new WireReader(bytes(0xff, 0xff, 0xff, 0xff, 1)).string()).toBeNull();
    expect(new WireReader(bytes(0, 0)).string()).toBeNull();
  });

  it('refuses names with spaces or control characters', () => {
    expect(new WireReader(bytes(0, 0, 0, 2, 0x61, 0x20)).name()).toBeNull();
    expect(new WireReader(bytes(0, 0, 0, 1, 0x0a)).name()).toBeNull();
  });
});

describe('positiveMpint and bitLength', () => {
  it('accepts minimal positive encodings', () => {
    expect(positiveMpint(bytes(0x01, 0x00))).toEqual(bytes(0x01, 0x00));
    expect(positiveMpint(bytes(0x00, 0x80))).toEqual(bytes(0x80));
  });
  it('refuses zero, negative and padded encodings', () => {
    expect(positiveMpint(bytes())).toBeNull();
    expect(positiveMpint(bytes(0x80))).toBeNull();
    expect(positiveMpint(bytes(0x00, 0x01))).toBeNull();
    expect(positiveMpint(bytes(0x00))).toBeNull();
  });
  it('counts significant bits', () => {
    expect(bitLength(bytes(0x01))).toBe(1);
    expect(bitLength(bytes(0x80, 0))).toBe(16);
    expect(bitLength(bytes(0x7f, 0, 0))).toBe(23);
  });
});

describe('isCurvePoint', () => {
  const pointOf = (line: string) => {
    const r = new WireReader(decodeBase64(line.split(' ')[1]!)!);
    r.string();
    r.string();
    return r.string()!;
  };
  const cases = [
    ['nistp256', TEST_KEYS.ecdsa256],
    ['nistp384', TEST_KEYS.ecdsa384],
    ['nistp521', TEST_KEYS.ecdsa521],
  ] as const;

  it.each(cases)('accepts the real %s point made by ssh-keygen', (curve, k) => {
    expect(isCurvePoint(curve, pointOf(k.line))).toBe(true);
  });

  it.each(cases)('refuses the %s point with a changed coordinate, compressed or on another curve', (curve, k) => {
    const q = pointOf(k.line);
    const changed = Uint8Array.from(q);
    changed[changed.length - 1]! ^= 1;
    expect(isCurvePoint(curve, changed)).toBe(false);
    const compressed = Uint8Array.from(q);
    compressed[0] = 0x02;
    expect(isCurvePoint(curve, compressed)).toBe(false);
    expect(isCurvePoint(curve === 'nistp256' ? 'nistp384' : 'nistp256', q)).toBe(false);
  });

  it('refuses random points', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        (xy) => !isCurvePoint('nistp256', Uint8Array.from([4, ...xy])),
      ),
    );
  });
});
