import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SSH_KEY_TYPES,
  countKeyLines,
  defaultKeyName,
  parseSshKeyBlob,
  parseSshKeyList,
  parseSshPublicKey,
  shortKeyType,
  validateSshKeyName,
} from './ssh-key';
import { decodeBase64, encodeBase64 } from './ssh-key-wire';
import { TEST_KEYS } from './ssh-key.fixtures';

const fingerprint = (blob: Uint8Array) =>
  `SHA256:${crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
const blobOf = (line: string) => decodeBase64(line.split(' ')[1]!)!;
const str = (s: string | Uint8Array) => {
  const b = typeof s === 'string' ? new TextEncoder().encode(s) : s;
  return Uint8Array.from([b.length >>> 24, (b.length >>> 16) & 255, (b.length >>> 8) & 255, b.length & 255, ...b]);
};
const wire = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const line = (type: string, blob: Uint8Array, comment = 'x') => `${type} ${encodeBase64(blob)} ${comment}`;
const errorOf = (l: string) => {
  const r = parseSshPublicKey(l);
  return r.ok ? null : r.error;
};

const GOOD = [
  TEST_KEYS.ed25519,
  TEST_KEYS.ed25519NoComment,
  TEST_KEYS.ecdsa256,
  TEST_KEYS.ecdsa384,
  TEST_KEYS.ecdsa521,
  TEST_KEYS.rsa2048,
  TEST_KEYS.rsa3072,
  TEST_KEYS.rsa4096,
];

describe('parseSshPublicKey with keys made by ssh-keygen', () => {
  it.each(GOOD.map((k) => [k.type, k.bits, k] as const))(
    'accepts %s of %i bits with ssh-keygen’s size and fingerprint',
    (type, bits, k) => {
      const r = parseSshPublicKey(k.line);
      if (!r.ok) throw new Error(r.error);
      expect(r.key.type).toBe(type);
      expect(r.key.bits).toBe(bits);
      expect(r.key.text).toBe(k.line);
      expect(fingerprint(r.key.blob)).toBe(k.fingerprint);
    },
  );

  it('refuses an RSA key of 1024 bits as too short', () => {
    expect(errorOf(TEST_KEYS.rsa1024.line)).toBe('ssh_key_rsa_too_short');
  });

  it('refuses a DSA key as an unsupported type', () => {
    expect(errorOf(TEST_KEYS.dsa.line)).toBe('ssh_key_type_unsupported');
  });

  it('keeps a comment with spaces, ignores surrounding blanks, tabs and a CR', () => {
    const [type, data] = TEST_KEYS.ed25519.line.split(' ');
    const r = parseSshPublicKey(`  ${type}\t${data}   Dana's laptop (2024)  \r`);
    expect(r.ok && r.key.comment).toBe("Dana's laptop (2024)");
    expect(r.ok && r.key.text).toBe(`${type} ${data} Dana's laptop (2024)`);
  });

  it('has no comment when none is given', () => {
    const r = parseSshPublicKey(TEST_KEYS.ed25519NoComment.line);
    expect(r.ok && r.key.comment).toBeNull();
  });
});

describe('parseSshPublicKey refusals', () => {
  const ed = blobOf(TEST_KEYS.ed25519.line);
  const rsa = blobOf(TEST_KEYS.rsa2048.line);

  it('refuses a private key', () => {
    expect(errorOf('-----BEGIN OPENSSH PRIVATE KEY-----')).toBe('ssh_key_private');
    expect(errorOf('-----BEGIN RSA PRIVATE KEY-----')).toBe('ssh_key_private');
  });

  it('refuses lines that are not "type data [comment]"', () => {
    expect(errorOf('ssh-ed25519')).toBe('ssh_key_format');
    expect(errorOf(TEST_KEYS.ed25519.line.split(' ')[1]!)).toBe('ssh_key_format');
    expect(errorOf('---- BEGIN SSH2 PUBLIC KEY ----')).toBe('ssh_key_type_unsupported');
    expect(errorOf(`${TEST_KEYS.ed25519.line}\u0007`)).toBe('ssh_key_format');
  });

  it('refuses unknown types and authorized_keys options in front of the key', () => {
    expect(errorOf(`ssh-foo ${encodeBase64(ed)}`)).toBe('ssh_key_type_unsupported');
    expect(errorOf(`from="10.0.0.1" ${TEST_KEYS.ed25519.line}`)).toBe('ssh_key_type_unsupported');
  });

  it('refuses data that is not base64', () => {
    expect(errorOf('ssh-ed25519 AAAA$$$$ x')).toBe('ssh_key_base64_invalid');
    expect(errorOf(`ssh-ed25519 ${TEST_KEYS.ed25519.line.split(' ')[1]!.slice(0, -1)} x`)).toBe('ssh_key_base64_invalid');
  });

  it('refuses a type in the line that differs from the blob’s', () => {
    expect(errorOf(line('ssh-rsa', ed))).toBe('ssh_key_type_mismatch');
    expect(errorOf(line('ecdsa-sha2-nistp384', blobOf(TEST_KEYS.ecdsa256.line)))).toBe('ssh_key_type_mismatch');
  });

  it('refuses truncated blobs, trailing bytes and a short ed25519 key', () => {
    expect(errorOf(line('ssh-ed25519', ed.subarray(0, ed.length - 1)))).toBe('ssh_key_data_invalid');
    expect(errorOf(line('ssh-ed25519', wire(ed, Uint8Array.of(0))))).toBe('ssh_key_data_invalid');
    expect(errorOf(line('ssh-ed25519', wire(str('ssh-ed25519'), str(new Uint8Array(31)))))).toBe('ssh_key_data_invalid');
    expect(errorOf(line('ssh-rsa', rsa.subarray(0, 200)))).toBe('ssh_key_data_invalid');
    expect(errorOf(line('ssh-rsa', wire(rsa, Uint8Array.of(1))))).toBe('ssh_key_data_invalid');
  });

  it('refuses an ECDSA key whose curve name or point is wrong', () => {
    const q = blobOf(TEST_KEYS.ecdsa256.line).subarray(4 + 19 + 4 + 8);
    expect(errorOf(line('ecdsa-sha2-nistp256', wire(str('ecdsa-sha2-nistp256'), str('nistp384'), q)))).toBe(
      'ssh_key_data_invalid',
    );
    const bent = Uint8Array.from(q);
    bent[bent.length - 1]! ^= 0x40;
    expect(errorOf(line('ecdsa-sha2-nistp256', wire(str('ecdsa-sha2-nistp256'), str('nistp256'), bent)))).toBe(
      'ssh_key_data_invalid',
    );
  });

  it('refuses RSA keys with an even modulus, a tiny or even exponent, or a negative modulus', () => {
    const n = new Uint8Array(257);
    n[1] = 0xc1;
    n[256] = 0x01;
    const ok = errorOf(line('ssh-rsa', wire(str('ssh-rsa'), str(Uint8Array.of(1, 0, 1)), str(n))));
    expect(ok).toBeNull();
    const even = Uint8Array.from(n);
    even[256] = 0x02;
    expect(errorOf(line('ssh-rsa', wire(str('ssh-rsa'), str(Uint8Array.of(1, 0, 1)), str(even))))).toBe('ssh_key_data_invalid');
    expect(errorOf(line('ssh-rsa', wire(str('ssh-rsa'), str(Uint8Array.of(1)), str(n))))).toBe('ssh_key_data_invalid');
    expect(errorOf(line('ssh-rsa', wire(str('ssh-rsa'), str(Uint8Array.of(4)), str(n))))).toBe('ssh_key_data_invalid');
    expect(errorOf(line('ssh-rsa', wire(str('ssh-rsa'), str(Uint8Array.of(1, 0, 1)), str(n.subarray(1)))))).toBe(
      'ssh_key_data_invalid',
    );
  });

  it('refuses an RSA modulus over 16384 bits', () => {
    const n = new Uint8Array(2050);
    n[1] = 0x80;
    n[2049] = 1;
    expect(errorOf(line('ssh-rsa', wire(str('ssh-rsa'), str(Uint8Array.of(1, 0, 1)), str(n))))).toBe('ssh_key_rsa_too_long');
  });

  it('refuses a comment longer than 255 characters', () => {
    expect(errorOf(`${TEST_KEYS.ed25519.line} ${'c'.repeat(256)}`)).toBe('ssh_key_comment_too_long');
  });
});

describe('random input never parses', () => {
  it('as a key blob', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }), (b) => 'error' in parseSshKeyBlob(b)));
  });

  it('as a key blob even behind a valid type name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SSH_KEY_TYPES),
        fc.uint8Array({ maxLength: 600 }),
        (type, b) => 'error' in parseSshKeyBlob(wire(str(type), b)),
      ),
      { numRuns: 500 },
    );
  });

  it('as a key line, random text or random base64 after a type', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => !parseSshPublicKey(s).ok));
    fc.assert(
      fc.property(
        fc.constantFrom(...SSH_KEY_TYPES),
        fc.uint8Array({ minLength: 1, maxLength: 600 }),
        (type, b) => !parseSshPublicKey(line(type, b)).ok,
      ),
    );
  });

  it('while any comment without control characters is kept on a real key', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }).filter((c) => !/[\u0000-\u001f\u007f]/.test(c) && c.trim() !== ''),
        (c) => {
          const r = parseSshPublicKey(`${TEST_KEYS.ecdsa256.line.split(' ').slice(0, 2).join(' ')} ${c}`);
          return r.ok && r.key.comment === c.trim();
        },
      ),
    );
  });
});

describe('parseSshKeyList', () => {
  it('reads one key per line, skipping blank lines, and numbers lines from 1', () => {
    const text = `\n${TEST_KEYS.ed25519.line}\r\n\n${TEST_KEYS.rsa2048.line}\n  \n`;
    const r = parseSshKeyList(text);
    expect(r.errors).toEqual([]);
    expect(r.keys.map((k) => [k.line, k.key.type])).toEqual([
      [2, 'ssh-ed25519'],
      [4, 'ssh-rsa'],
    ]);
    expect(countKeyLines(text)).toBe(2);
  });

  it('names every bad line and each repeat of an earlier line', () => {
    const text = [
      TEST_KEYS.ed25519.line,
      'nonsense',
      TEST_KEYS.rsa1024.line,
      TEST_KEYS.ed25519.line.replace('test-', 'other-'),
    ].join('\n');
    expect(parseSshKeyList(text).errors).toEqual([
      { line: 2, error: 'ssh_key_format' },
      { line: 3, error: 'ssh_key_rsa_too_short' },
      { line: 4, error: 'ssh_key_duplicate_line', sameAs: 1 },
    ]);
  });

  it('reports a pasted private key once, not line by line', () => {
    const text = `${TEST_KEYS.ed25519.line}\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----`;
    expect(parseSshKeyList(text)).toEqual({ keys: [], errors: [{ line: 2, error: 'ssh_key_private' }] });
  });
});

describe('names', () => {
  it('shortens key types', () => {
    expect(['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp521', 'other'].map(shortKeyType)).toEqual([
      'ed25519',
      'rsa',
      'ecdsa-521',
      'other',
    ]);
  });

  it('names a key by its comment, or by type and fingerprint without one', () => {
    expect(defaultKeyName({ type: 'ssh-ed25519', comment: 'ci-deploy' }, TEST_KEYS.ed25519Deploy.fingerprint)).toBe('ci-deploy');
    expect(defaultKeyName({ type: 'ssh-ed25519', comment: null }, TEST_KEYS.ed25519NoComment.fingerprint)).toBe(
      'ed25519-p2/zJ/19',
    );
    expect(defaultKeyName({ type: 'ssh-rsa', comment: 'x'.repeat(80) }, 'SHA256:abc')).toHaveLength(64);
  });

  it('validates key names', () => {
    expect(validateSshKeyName('laptop')).toBeNull();
    expect(validateSshKeyName('  ')).toBe('ssh_key_name_empty');
    expect(validateSshKeyName('a\nb')).toBe('ssh_key_name_invalid');
    expect(validateSshKeyName('k'.repeat(65))).toBe('field_too_long');
    expect(validateSshKeyName('ключ 🔑')).toBeNull();
  });
});
