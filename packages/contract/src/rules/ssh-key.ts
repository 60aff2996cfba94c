/**
 * OpenSSH public keys as pasted by a customer (spec 1 §3: name and key text, one key per line).
 * A line is `type base64-blob [comment]`; the blob is decoded and its wire format checked:
 * - ssh-ed25519 (RFC 8709): string type, string key of 32 bytes;
 * - ecdsa-sha2-nistp256/384/521 (RFC 5656): string type, string curve name (matching the type),
 *   string Q — an uncompressed point on that curve;
 * - ssh-rsa (RFC 4253): string type, mpint e (odd, ≥ 3), mpint n (odd, 2048 to 16384 bits).
 * The type named in the line must equal the one inside the blob, and nothing may follow the
 * last field. Every refusal is a {@link MessageKey}. The fingerprint (SHA256 of the blob) is
 * computed by the server; this module has no crypto dependency.
 */
import type { MessageKey } from '../messages';
import {
  CURVE_BITS,
  WireReader,
  bitLength,
  decodeBase64,
  encodeBase64,
  isCurvePoint,
  positiveMpint,
  type CurveName,
} from './ssh-key-wire';

/** The key types accepted, as OpenSSH names them. */
export const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'ssh-rsa',
] as const;
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

/** Smallest and largest RSA modulus accepted, in bits. */
export const RSA_MIN_BITS = 2048;
export const RSA_MAX_BITS = 16384;
/** Most keys one upload may hold (non-empty lines). */
export const SSH_KEYS_MAX_PER_UPLOAD = 100;
/** Longest upload text, in characters (100 RSA-16384 lines fit). */
export const SSH_KEYS_TEXT_MAX = 300_000;
/** Longest comment kept after a key. */
export const SSH_KEY_COMMENT_MAX = 255;
/** Longest key name. */
export const SSH_KEY_NAME_MAX = 64;

/** A public key that passed every check. */
export interface ParsedSshKey {
  type: SshKeyType;
  /** Key size as ssh-keygen -l reports it (256 for ed25519, the curve size, the RSA modulus size). */
  bits: number;
  /** The decoded wire-format blob (what the fingerprint is computed over). */
  blob: Uint8Array;
  /** The comment after the key, or null. */
  comment: string | null;
  /** The key line in canonical form: `type base64 [comment]`. */
  text: string;
}

export type SshKeyParse = { ok: true; key: ParsedSshKey } | { ok: false; error: MessageKey };

const ECDSA_CURVES: Readonly<Record<string, CurveName>> = {
  'ecdsa-sha2-nistp256': 'nistp256',
  'ecdsa-sha2-nistp384': 'nistp384',
  'ecdsa-sha2-nistp521': 'nistp521',
};
const PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;
// Control characters other than tab have no place in a one-line key.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

const isKeyType = (t: string): t is SshKeyType => (SSH_KEY_TYPES as readonly string[]).includes(t);

/** Checks a blob's wire format; answers the type inside it and the key size, or a message key. */
export function parseSshKeyBlob(blob: Uint8Array): { type: SshKeyType; bits: number } | { error: MessageKey } {
  const r = new WireReader(blob);
  const type = r.name();
  if (type === null) return { error: 'ssh_key_data_invalid' };
  if (!isKeyType(type)) return { error: 'ssh_key_type_unsupported' };
  let bits: number;
  if (type === 'ssh-ed25519') {
    const pk = r.string();
    if (!pk || pk.length !== 32) return { error: 'ssh_key_data_invalid' };
    bits = 256;
  } else if (type === 'ssh-rsa') {
    const e = r.string();
    const n = r.string();
    const em = e && positiveMpint(e);
    const nm = n && positiveMpint(n);
    if (!em || !nm) return { error: 'ssh_key_data_invalid' };
    // e odd and at least 3, never longer than the modulus; n odd (a product of two odd primes).
    if ((em[em.length - 1]! & 1) === 0 || (em.length === 1 && em[0]! < 3) || em.length > nm.length)
      return { error: 'ssh_key_data_invalid' };
    if ((nm[nm.length - 1]! & 1) === 0) return { error: 'ssh_key_data_invalid' };
    bits = bitLength(nm);
    if (!r.done()) return { error: 'ssh_key_data_invalid' };
    if (bits < RSA_MIN_BITS) return { error: 'ssh_key_rsa_too_short' };
    if (bits > RSA_MAX_BITS) return { error: 'ssh_key_rsa_too_long' };
  } else {
    const curve = ECDSA_CURVES[type]!;
    const name = r.name();
    const q = r.string();
    if (name !== curve || !q || !isCurvePoint(curve, q)) return { error: 'ssh_key_data_invalid' };
    bits = CURVE_BITS[curve];
  }
  return r.done() ? { type, bits } : { error: 'ssh_key_data_invalid' };
}

/** Parses one line `type base64 [comment]` (surrounding blanks ignored). */
export function parseSshPublicKey(line: string): SshKeyParse {
  const trimmed = line.trim();
  if (PRIVATE_KEY.test(trimmed)) return { ok: false, error: 'ssh_key_private' };
  if (CONTROL.test(trimmed)) return { ok: false, error: 'ssh_key_format' };
  const m = /^(\S+)[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(trimmed);
  if (!m) return { ok: false, error: 'ssh_key_format' };
  const [, type = '', data = '', rest] = m;
  if (!isKeyType(type))
    return {
      ok: false,
      error: /^[A-Za-z0-9+/]+=*$/.test(type) && type.length > 40 ? 'ssh_key_format' : 'ssh_key_type_unsupported',
    };
  const blob = decodeBase64(data);
  if (!blob) return { ok: false, error: 'ssh_key_base64_invalid' };
  const inner = parseSshKeyBlob(blob);
  if ('error' in inner) return { ok: false, error: inner.error };
  if (inner.type !== type) return { ok: false, error: 'ssh_key_type_mismatch' };
  const comment = rest?.trim() || null;
  if (comment !== null && comment.length > SSH_KEY_COMMENT_MAX) return { ok: false, error: 'ssh_key_comment_too_long' };
  const text = `${type} ${encodeBase64(blob)}${comment ? ` ${comment}` : ''}`;
  return { ok: true, key: { type, bits: inner.bits, blob, comment, text } };
}

/** One refused line of an upload (line numbers start at 1). */
export interface SshKeyLineError {
  line: number;
  error: MessageKey;
  /** For 'ssh_key_duplicate_line': the earlier line holding the same key. */
  sameAs?: number;
}

/** An upload read line by line: the keys found and every refused line. */
export interface SshKeyList {
  keys: Array<{ line: number; key: ParsedSshKey }>;
  errors: SshKeyLineError[];
}

/**
 * Reads an upload with one key per line; blank lines are skipped. A key that repeats an
 * earlier line is refused as 'ssh_key_duplicate_line'. When a private key was pasted, only its
 * first line is reported (its base64 body lines would each be noise).
 */
export function parseSshKeyList(text: string): SshKeyList {
  const lines = text.split(/\r\n|\r|\n/);
  const keys: SshKeyList['keys'] = [];
  const errors: SshKeyLineError[] = [];
  const seen = new Map<string, number>();
  const privateAt = lines.findIndex((l) => PRIVATE_KEY.test(l));
  if (privateAt >= 0) return { keys: [], errors: [{ line: privateAt + 1, error: 'ssh_key_private' }] };
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const line = i + 1;
    const parsed = parseSshPublicKey(raw);
    if (!parsed.ok) {
      errors.push({ line, error: parsed.error });
      return;
    }
    const id = encodeBase64(parsed.key.blob);
    const first = seen.get(id);
    if (first !== undefined) {
      errors.push({ line, error: 'ssh_key_duplicate_line', sameAs: first });
      return;
    }
    seen.set(id, line);
    keys.push({ line, key: parsed.key });
  });
  return { keys, errors };
}

/** Number of non-empty lines (the keys an upload claims to hold). */
export function countKeyLines(text: string): number {
  return text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').length;
}

/** Short label of a key type for names and tables: ed25519, ecdsa-256, rsa. */
export function shortKeyType(type: string): string {
  if (type === 'ssh-ed25519') return 'ed25519';
  if (type === 'ssh-rsa') return 'rsa';
  const m = /^ecdsa-sha2-nistp(\d+)$/.exec(type);
  return m ? `ecdsa-${m[1]}` : type;
}

/**
 * The name a new key gets: its comment (cut to {@link SSH_KEY_NAME_MAX} characters), or the
 * short type and the start of the fingerprint when it has none (e.g. 'ed25519-FIbabtbO').
 */
export function defaultKeyName(key: Pick<ParsedSshKey, 'type' | 'comment'>, fingerprint: string): string {
  const comment = key.comment?.trim();
  if (comment) return [...comment].slice(0, SSH_KEY_NAME_MAX).join('');
  return `${shortKeyType(key.type)}-${fingerprint.replace(/^SHA256:/, '').slice(0, 8)}`;
}

/** A key name: required, no line breaks or control characters, at most {@link SSH_KEY_NAME_MAX} characters. */
export function validateSshKeyName(name: string): MessageKey | null {
  if (typeof name !== 'string' || name.trim() === '') return 'ssh_key_name_empty';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'ssh_key_name_invalid';
  return [...name].length > SSH_KEY_NAME_MAX ? 'field_too_long' : null;
}
