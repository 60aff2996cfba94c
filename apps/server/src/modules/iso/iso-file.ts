/**
 * Telling an ISO image by its content (issue 13): an ISO 9660 image has the volume descriptor
 * signature 'CD001' at byte 32769 (sector 16, after its type byte); a UDF-only image has the
 * 'BEA01' extended area descriptor there. The check runs on the stream as it is stored, so nothing
 * has to be read twice.
 */
import { Transform } from 'node:stream';

/** Where the signature is: sector 16 (of 2048 bytes), after the descriptor's type byte. */
const SIGNATURE_AT = 16 * 2048 + 1;
const SIGNATURES = ['CD001', 'BEA01'];

/** The first bytes are not an ISO image (or the file ends before its signature). */
export class NotIsoError extends Error {
  constructor() {
    super('not an ISO 9660 or UDF image');
    this.name = 'NotIsoError';
  }
}

/** Whether `head` (at least the first 32774 bytes) starts like an ISO image. */
export function looksLikeIso(head: Buffer): boolean {
  if (head.length < SIGNATURE_AT + 5) return false;
  return SIGNATURES.includes(head.subarray(SIGNATURE_AT, SIGNATURE_AT + 5).toString('latin1'));
}

/** A pass-through stream that fails with {@link NotIsoError} unless the bytes are an ISO image. */
export function isoCheck(): Transform {
  const head: Buffer[] = [];
  let seen = 0;
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!checked) {
        head.push(chunk);
        seen += chunk.length;
        if (seen >= SIGNATURE_AT + 5) {
          checked = true;
          if (!looksLikeIso(Buffer.concat(head))) return done(new NotIsoError());
          head.length = 0;
        }
      }
      done(null, chunk);
    },
    flush(done) {
      done(checked ? null : new NotIsoError());
    },
  });
}

/** A small but valid ISO 9660 image's bytes for tests and the demo: `size` bytes with the signature. */
export function isoImageBytes(size = SIGNATURE_AT + 2048): Buffer {
  const b = Buffer.alloc(Math.max(size, SIGNATURE_AT + 5));
  b[SIGNATURE_AT - 1] = 1;
  b.write('CD001', SIGNATURE_AT, 'latin1');
  return b;
}
