/**
 * Helpers for the identity verification tests: real tiny images, headers of the other accepted
 * types, and multipart uploads through real HTTP.
 */
import zlib from 'node:zlib';
import type { TestServer } from './harness.js';
import type { Answer } from './factories.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 2×2 PNG whose colour comes from `seed`, so different seeds give different files. */
export function png(seed = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const px = [seed & 255, (seed >> 8) & 255, (seed >> 16) & 255];
  const row = [0, ...px, ...px]; // filter byte, then two pixels
  const raw = Buffer.from([...row, ...row]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `size` bytes starting with the header of a type (JPEG, GIF, BMP or WEBP); the rest is filler. */
export function imageOfSize(type: 'jpeg' | 'png' | 'gif' | 'bmp' | 'webp', size: number, fill = 0x41): Buffer {
  const headers = {
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
    png: png(size),
    gif: Buffer.from('GIF89a\x02\x00\x02\x00', 'latin1'),
    bmp: Buffer.from([0x42, 0x4d, 0, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0]),
    webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
  };
  const out = Buffer.alloc(size, fill);
  headers[type].copy(out, 0, 0, Math.min(size, headers[type].length));
  return out;
}

export interface UploadOptions {
  kind?: string;
  document_type?: string;
  bytes?: Buffer | null;
  filename?: string;
  type?: string;
  /** Extra parts, e.g. a second file. */
  extra?: (form: FormData) => void;
}

/** POST /api/rpc/VerificationUpload as multipart/form-data. */
export async function upload(s: TestServer, token: string | undefined, o: UploadOptions = {}): Promise<Answer> {
  const form = new FormData();
  form.append('kind', o.kind ?? 'document');
  if (o.document_type !== undefined || (o.kind ?? 'document') === 'document')
    form.append('document_type', o.document_type ?? 'passport');
  if (o.bytes !== null) {
    form.append('file', new Blob([new Uint8Array(o.bytes ?? png())], { type: o.type ?? 'image/png' }), o.filename ?? 'photo.png');
  }
  o.extra?.(form);
  const res = await fetch(`${s.url}/api/rpc/VerificationUpload`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Uploads a photo ID and a selfie (distinct images from `seed`) and submits them; returns the request id. */
export async function uploadAndSubmit(s: TestServer, token: string, seed: number): Promise<number> {
  for (const [kind, n] of [
    ['document', seed * 2],
    ['selfie', seed * 2 + 1],
  ] as const) {
    const r = await upload(s, token, { kind, bytes: png(n) });
    if (r.status !== 200) throw new Error(`upload failed: ${JSON.stringify(r.body)}`);
  }
  const r = await s.rpc('VerificationSubmit', {}, token);
  if (r.status !== 200) throw new Error(`submit failed: ${JSON.stringify(r.body)}`);
  return r.body.request as number;
}

/** GET a binary route; the body as bytes. */
export async function getFile(
  s: TestServer,
  path: string,
  token?: string,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(s.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
