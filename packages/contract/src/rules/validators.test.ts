import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS } from '../constants';
import { isMessageKey } from '../messages';
import {
  validateDedicatedHostname,
  validateEmail,
  validateHostname,
  validateIloPassword,
  validateIpsetName,
  validatePassword,
  validatePasswordPair,
  validateProjectName,
  validateSnapshotName,
  validateVoucherCode,
  validateVoucherStrict,
} from './validators';

describe('validateEmail', () => {
  it('accepts ordinary addresses, with surrounding spaces', () => {
    for (const e of ['a@b.co', 'first.last+tag@example.com', ' x_y@sub.domain.pt ']) {
      expect(validateEmail(e), e).toBeNull();
    }
  });
  it('says empty for blank input', () => {
    expect(validateEmail('')).toBe('email_empty');
    expect(validateEmail('   ')).toBe('email_empty');
  });
  it.each(['plain', 'a@b', '@b.co', 'a@.co', 'a b@c.co', '.a@b.co', 'a..b@c.co', 'a@b.c'])('refuses %j as not valid', (e) =>
    expect(validateEmail(e)).toBe('email_invalid'),
  );
  it('refuses an address longer than 254 characters', () => {
    expect(validateEmail(`${'a'.repeat(250)}@b.co`)).toBe('field_too_long');
  });
});

describe('validateHostname', () => {
  it('accepts letters, digits, - and .', () => {
    expect(validateHostname('web-01.example.com')).toBeNull();
  });
  it('requires a value', () => {
    expect(validateHostname('')).toBe('hostname_empty');
    expect(validateHostname('  ')).toBe('hostname_empty');
  });
  it.each(['web_01', 'web 01', 'wéb', 'a/b'])('refuses %j', (h) => {
    expect(validateHostname(h)).toBe('hostname_invalid');
  });
  it('refuses a hostname longer than 253 characters', () => {
    expect(validateHostname('a'.repeat(254))).toBe('field_too_long');
  });
  it('accepts exactly the strings over its alphabet', () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9.-]{1,60}$/), (h) => validateHostname(h) === null));
  });
});

describe('validateDedicatedHostname', () => {
  it('accepts letters, digits and hyphens', () => {
    expect(validateDedicatedHostname('node-7')).toBeNull();
  });
  it('refuses a dot', () => {
    expect(validateDedicatedHostname('node.7')).toBe('hostname_dedicated_invalid');
  });
  it('requires a value', () => {
    expect(validateDedicatedHostname('')).toBe('hostname_empty');
  });
});

describe('validateVoucherCode (dialog rule)', () => {
  it('gives no message for an empty code', () => {
    expect(validateVoucherCode('')).toBeNull();
    expect(validateVoucherCode('  ')).toBeNull();
  });
  it('accepts upper-case letters, digits and non-word characters, at any length', () => {
    for (const v of ['A', 'SUMMER2024', 'ABC-123', 'A.B/C', 'ABCDEFGHIJKLMNOPQRSTUV']) {
      expect(validateVoucherCode(v), v).toBeNull();
    }
  });
  it.each(['abc', 'ABc', 'AB_C'])('refuses %j (lower case or underscore)', (v) => {
    expect(validateVoucherCode(v)).toBe('voucher_invalid');
  });
});

describe('validateVoucherStrict (server rule)', () => {
  it('accepts 5 to 15 upper-case letters or digits', () => {
    expect(validateVoucherStrict('ABC12')).toBeNull();
    expect(validateVoucherStrict('A'.repeat(15))).toBeNull();
  });
  it.each(['ABCD', 'A'.repeat(16), 'ABC-12', 'abc12'])('refuses %j', (v) => {
    expect(validateVoucherStrict(v)).toBe('voucher_invalid');
  });
  it('says empty for an empty code', () => {
    expect(validateVoucherStrict('')).toBe('voucher_empty');
  });
  it('every strict voucher also passes the dialog rule', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{5,15}$/),
        (v) => validateVoucherStrict(v) === null && validateVoucherCode(v) === null,
      ),
    );
  });
});

describe('validateIloPassword', () => {
  it('accepts exactly 8 upper-case letters, digits and symbols', () => {
    for (const p of ['ABCDEFGH', 'A1B2C3D4', 'AB#$12!?', '[]^_`{}~']) expect(validateIloPassword(p), p).toBeNull();
  });
  it.each(['ABCDEFG', 'ABCDEFGHI', 'ABCDEFGh', 'ABCD EFG', 'ABCDEFGÄ', ''])('refuses %j', (p) => {
    expect(validateIloPassword(p)).toBe('ilo_password_invalid');
  });
  it('refuses any password holding a lower-case letter', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{7}$/),
        fc.stringMatching(/^[a-z]$/),
        fc.nat(7),
        (s, l, at) => validateIloPassword(s.slice(0, at) + l + s.slice(at)) === 'ilo_password_invalid',
      ),
    );
  });
});

describe('validateSnapshotName', () => {
  it('accepts an alphanumeric name starting with a letter', () => {
    expect(validateSnapshotName('beforeUpgrade2')).toBeNull();
  });
  it('refuses a snapshot name with a dash', () => {
    expect(validateSnapshotName('before-upgrade')).toBe('snapshot_name_invalid');
  });
  it('refuses spaces and underscores', () => {
    expect(validateSnapshotName('a b')).toBe('snapshot_name_invalid');
    expect(validateSnapshotName('a_b')).toBe('snapshot_name_invalid');
  });
  it('refuses an empty name', () => {
    expect(validateSnapshotName('')).toBe('snapshot_name_empty');
  });
  it('refuses a name starting with a digit, a one-letter name and a long name', () => {
    expect(validateSnapshotName('1abc')).toBe('snapshot_name_start_letter');
    expect(validateSnapshotName('a')).toBe('snapshot_name_too_short');
    expect(validateSnapshotName('a'.repeat(41))).toBe('field_too_long');
  });
});

describe('validateProjectName', () => {
  it('accepts letters, digits, -, _ and .', () => {
    expect(validateProjectName('web_prod-1.eu')).toBeNull();
  });
  it('refuses an empty name', () => {
    expect(validateProjectName('')).toBe('project_name_empty');
    expect(validateProjectName('   ')).toBe('project_name_empty');
  });
  it('refuses spaces before other characters', () => {
    expect(validateProjectName('my project')).toBe('project_name_spaces');
  });
  it('refuses invalid characters', () => {
    expect(validateProjectName('proj@x')).toBe('project_name_invalid_chars');
    expect(validateProjectName('projé')).toBe('project_name_invalid_chars');
  });
  it('refuses names shorter or longer than the limits', () => {
    expect(validateProjectName('a'.repeat(LIMITS.projectNameMin - 1))).toBe('project_name_too_short');
    expect(validateProjectName('a'.repeat(LIMITS.projectNameMin))).toBeNull();
    expect(validateProjectName('a'.repeat(LIMITS.projectNameMax))).toBeNull();
    expect(validateProjectName('a'.repeat(LIMITS.projectNameMax + 1))).toBe('project_name_too_long');
  });
  it('refuses a name another project has, ignoring case', () => {
    expect(validateProjectName('Web', ['default', 'web'])).toBe('project_name_not_unique');
  });
  it('says unchanged for a rename to the same name', () => {
    expect(validateProjectName('web', ['web'], 'web')).toBe('project_name_unchanged');
  });
  it('allows a rename that only changes the case', () => {
    expect(validateProjectName('Web', ['web', 'database'], 'web')).toBeNull();
  });
  it('still refuses a rename onto another project', () => {
    expect(validateProjectName('Database', ['web', 'database'], 'web')).toBe('project_name_not_unique');
  });
  it('never accepts a name that holds whitespace', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(' ', '\t', '\n'),
        fc.string(),
        (a, w, b) => validateProjectName(a + w + b) !== null,
      ),
    );
  });
});

describe('validateIpsetName', () => {
  it('accepts a name without spaces', () => {
    expect(validateIpsetName('office-ips')).toBeNull();
  });
  it('refuses spaces and empty names', () => {
    expect(validateIpsetName('office ips')).toBe('ipset_name_spaces');
    expect(validateIpsetName('')).toBe('ipset_name_empty');
  });
  it('refuses a name over 64 characters', () => {
    expect(validateIpsetName('a'.repeat(65))).toBe('field_too_long');
  });
});

describe('validatePassword', () => {
  it('accepts 4 or more characters without spaces', () => {
    expect(validatePassword('abcd')).toBeNull();
  });
  it('refuses empty, spaced and short passwords in that order', () => {
    expect(validatePassword('')).toBe('password_empty');
    expect(validatePassword('a b')).toBe('password_spaces');
    expect(validatePassword('abc')).toBe('password_too_short');
  });
  it('takes another minimum and empty key', () => {
    expect(validatePassword('abcdefg', { min: 8 })).toBe('password_too_short');
    expect(validatePassword('', { emptyKey: 'root_password_empty' })).toBe('root_password_empty');
  });
  it('refuses a password longer than 128 characters', () => {
    expect(validatePassword('a'.repeat(129))).toBe('field_too_long');
  });
  it('always answers with a message key or null', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = validatePassword(s);
        return r === null || isMessageKey(r);
      }),
    );
  });
});

describe('validatePasswordPair', () => {
  it('accepts equal passwords', () => {
    expect(validatePasswordPair('abcd', 'abcd', 'matching')).toBeNull();
  });
  it('gives the text of each form', () => {
    expect(validatePasswordPair('a', 'b', 'matching')).toBe('passwords_not_matching');
    expect(validatePasswordPair('a', 'b', 'equal')).toBe('passwords_not_equal');
    expect(validatePasswordPair('a', 'b', 'match')).toBe('passwords_dont_match');
  });
  it('is case-sensitive and does not trim', () => {
    expect(validatePasswordPair('abcd', 'ABCD', 'equal')).not.toBeNull();
    expect(validatePasswordPair('abcd', 'abcd ', 'equal')).not.toBeNull();
  });
  it('refuses exactly the unequal pairs', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => (validatePasswordPair(a, b, 'match') === null) === (a === b)));
  });
});
