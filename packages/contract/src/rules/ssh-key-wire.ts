/**
 * The binary side of OpenSSH public keys: strict base64, the SSH wire format (RFC 4251 §5:
 * uint32-length-prefixed strings and mpints) and the elliptic-curve point check. Pure code,
 * usable in the browser and on the server.
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));
const B64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes padded standard base64; anything else (other alphabet, bad length or padding) gives null. */
export function decodeBase64(s: string): Uint8Array | null {
  if (s.length === 0 || !B64_PATTERN.test(s)) return null;
  const clean = s.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (const c of clean) {
    acc = (acc << 6) | B64_INDEX.get(c)!;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** Standard padded base64 of `bytes`. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? B64[n & 63]! : '=';
  }
  return out;
}

/** Reads SSH wire-format fields; every read answers null when the data runs out. */
export class WireReader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** A uint32-length-prefixed byte string. */
  string(): Uint8Array | null {
    if (this.pos + 4 > this.bytes.length) return null;
    const b = this.bytes;
    const len = ((b[this.pos]! << 24) >>> 0) + (b[this.pos + 1]! << 16) + (b[this.pos + 2]! << 8) + b[this.pos + 3]!;
    this.pos += 4;
    if (len > this.bytes.length - this.pos) return null;
    const out = this.bytes.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }

  /** A string holding printable ASCII only (key type and curve names). */
  name(): string | null {
    const s = this.string();
    if (!s || s.length > 64 || s.some((c) => c < 0x21 || c > 0x7e)) return null;
    return String.fromCharCode(...s);
  }

  /** True when every byte has been read (a key blob has no trailing data). */
  done(): boolean {
    return this.pos === this.bytes.length;
  }
}

/**
 * A positive mpint in its minimal encoding (RFC 4251 §5): no sign bit, no superfluous leading
 * zero byte. Answers the magnitude's bytes, or null for zero, negative or non-minimal values.
 */
export function positiveMpint(m: Uint8Array): Uint8Array | null {
  if (m.length === 0 || (m[0]! & 0x80) !== 0) return null;
  if (m[0] === 0) {
    if (m.length < 2 || (m[1]! & 0x80) === 0) return null;
    return m.subarray(1);
  }
  return m;
}

/** Number of significant bits of a big-endian magnitude whose first byte is not zero. */
export function bitLength(magnitude: Uint8Array): number {
  const first = magnitude[0] ?? 0;
  return magnitude.length === 0 ? 0 : (magnitude.length - 1) * 8 + (32 - Math.clz32(first));
}

function toBigInt(bytes: Uint8Array): bigint {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex === '' ? 0n : BigInt(`0x${hex}`);
}

/** NIST prime curves y² = x³ − 3x + b (mod p) (FIPS 186-4 D.1.2), with their coordinate size in bytes. */
const CURVES = {
  nistp256: {
    size: 32,
    p: 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n,
    b: BigInt('0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b'),
  },
  nistp384: {
    size: 48,
    p: 2n ** 384n - 2n ** 128n - 2n ** 96n + 2n ** 32n - 1n,
    b: BigInt('0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef'),
  },
  nistp521: {
    size: 66,
    p: 2n ** 521n - 1n,
    b: BigInt(
      '0x0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00',
    ),
  },
} as const;

export type CurveName = keyof typeof CURVES;

/** Bits of each curve (the key size ssh-keygen reports). */
export const CURVE_BITS: Readonly<Record<CurveName, number>> = { nistp256: 256, nistp384: 384, nistp521: 521 };

/**
 * True when `q` is an uncompressed point (0x04 ‖ X ‖ Y) lying on the curve, with both
 * coordinates below the field prime — what OpenSSH checks before it accepts an ECDSA key.
 */
export function isCurvePoint(curve: CurveName, q: Uint8Array): boolean {
  const c = CURVES[curve];
  if (q.length !== 1 + 2 * c.size || q[0] !== 0x04) return false;
  const x = toBigInt(q.subarray(1, 1 + c.size));
  const y = toBigInt(q.subarray(1 + c.size));
  if (x >= c.p || y >= c.p) return false;
  const lhs = (y * y) % c.p;
  const rhs = (((x * x * x - 3n * x + c.b) % c.p) + c.p) % c.p;
  return lhs === rhs;
}
