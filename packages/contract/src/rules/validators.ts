/**
 * Field rules of spec 1 §5, shared by the web forms, the zod schemas and the server.
 * Each validator returns a {@link MessageKey} when the value is refused, or null when it passes.
 * Validators look at the value as given: only the emptiness checks ignore surrounding spaces.
 */
import { LIMITS } from '../constants';
import type { MessageKey } from '../messages';

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Longest hostname accepted (DNS name limit). */
export const HOSTNAME_MAX = 253;
/** Longest snapshot name accepted (the hypervisor's limit). */
export const SNAPSHOT_NAME_MAX = 40;
/** Longest IP set name accepted. */
export const IPSET_NAME_MAX = 64;
/** Longest password accepted (longer ones only cost hashing time). */
export const PASSWORD_MAX = 128;

/** E-mail shape: a local part without leading, trailing or doubled dots, and a dotted domain. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const HOSTNAME_PATTERN = /^[A-Za-z0-9.-]+$/;
const DEDICATED_HOSTNAME_PATTERN = /^[A-Za-z0-9-]+$/;
/** Dialog rule: upper-case letters, digits and non-word characters (the underscore is a word character). */
const VOUCHER_CHARS_PATTERN = /^(?:[A-Z0-9]|\W)+$/;
const VOUCHER_STRICT_PATTERN = new RegExp(`^[A-Z0-9]{${LIMITS.voucherMin},${LIMITS.voucherMax}}$`);
/** Printable ASCII without the space and without lower-case letters (0x61-0x7A). */
const ILO_PASSWORD_PATTERN = new RegExp(`^[\\x21-\\x60\\x7B-\\x7E]{${LIMITS.iloPasswordLength}}$`);
const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9]+$/;
const PROJECT_NAME_CHARS_PATTERN = /^[A-Za-z0-9._-]+$/;
const WHITESPACE = /\s/;

function isBlank(s: string | null | undefined): boolean {
  return typeof s !== 'string' || s.trim() === '';
}

/** E-mail: required, well-formed, at most {@link EMAIL_MAX} characters. Surrounding spaces are ignored. */
export function validateEmail(s: string): MessageKey | null {
  if (isBlank(s)) return 'email_empty';
  const value = s.trim();
  if (value.length > EMAIL_MAX) return 'field_too_long';
  return EMAIL_PATTERN.test(value) ? null : 'email_invalid';
}

/** Hostname on order: required; letters, digits, '-' and '.' only. */
export function validateHostname(s: string): MessageKey | null {
  if (isBlank(s)) return 'hostname_empty';
  if (s.length > HOSTNAME_MAX) return 'field_too_long';
  return HOSTNAME_PATTERN.test(s) ? null : 'hostname_invalid';
}

/** DNS labels: letters, digits and inner hyphens, at most 63 characters each. */
const DNS_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A cloud server's name (VmRename; also the order's hostname on the cluster): the hostname rule,
 * and each dot-separated part a DNS label (the hypervisor refuses anything else).
 */
export function validateVmName(s: string): MessageKey | null {
  const base = validateHostname(s);
  if (base) return base;
  return s.split('.').every((label) => DNS_LABEL.test(label)) ? null : 'hostname_labels_invalid';
}

/** Dedicated server hostname: required; letters, digits and hyphens only. */
export function validateDedicatedHostname(s: string): MessageKey | null {
  if (isBlank(s)) return 'hostname_empty';
  if (s.length > HOSTNAME_MAX) return 'field_too_long';
  return DEDICATED_HOSTNAME_PATTERN.test(s) ? null : 'hostname_dedicated_invalid';
}

/**
 * Voucher dialog rule: an empty code gives no message; otherwise only the character pattern
 * (upper-case letters, digits and non-word characters) is enforced, not the length.
 */
export function validateVoucherCode(s: string): MessageKey | null {
  if (isBlank(s)) return null;
  return VOUCHER_CHARS_PATTERN.test(s) ? null : 'voucher_invalid';
}

/** Server voucher rule: 5-15 upper-case letters or digits. */
export function validateVoucherStrict(s: string): MessageKey | null {
  if (isBlank(s)) return 'voucher_empty';
  return VOUCHER_STRICT_PATTERN.test(s) ? null : 'voucher_invalid';
}

/** ILO password: exactly 8 characters, no lower-case letters; letters, digits and symbols. */
export function validateIloPassword(s: string): MessageKey | null {
  return typeof s === 'string' && ILO_PASSWORD_PATTERN.test(s) ? null : 'ilo_password_invalid';
}

/**
 * Snapshot name: alphanumeric only (spec). The hypervisor also wants it to start with a letter
 * and to be 2-40 characters long, so those are refused here rather than failing in a job.
 */
export function validateSnapshotName(s: string): MessageKey | null {
  if (isBlank(s)) return 'snapshot_name_empty';
  if (!ALPHANUMERIC_PATTERN.test(s)) return 'snapshot_name_invalid';
  if (!/^[A-Za-z]/.test(s)) return 'snapshot_name_start_letter';
  if (s.length < 2) return 'snapshot_name_too_short';
  return s.length > SNAPSHOT_NAME_MAX ? 'field_too_long' : null;
}

/**
 * Project name. Checked in this order: empty, spaces, characters other than letters, digits,
 * '-', '_' and '.', shorter than LIMITS.projectNameMin, longer than LIMITS.projectNameMax,
 * equal to `currentName` (a rename to the same name), and finally the same name
 * (case-insensitive) as another project in `existingNames`. `currentName` itself is not counted
 * as a clash, so a rename that only changes the case is allowed.
 */
export function validateProjectName(
  name: string,
  existingNames: readonly string[] = [],
  currentName?: string,
): MessageKey | null {
  if (isBlank(name)) return 'project_name_empty';
  if (WHITESPACE.test(name)) return 'project_name_spaces';
  if (!PROJECT_NAME_CHARS_PATTERN.test(name)) return 'project_name_invalid_chars';
  if (name.length < LIMITS.projectNameMin) return 'project_name_too_short';
  if (name.length > LIMITS.projectNameMax) return 'project_name_too_long';
  if (currentName !== undefined && name === currentName) return 'project_name_unchanged';
  const lower = name.toLowerCase();
  const current = currentName?.toLowerCase();
  const clash = existingNames.some((n) => {
    const other = n.toLowerCase();
    return other === lower && other !== current;
  });
  return clash ? 'project_name_not_unique' : null;
}

/** IP set name: required, no spaces, at most {@link IPSET_NAME_MAX} characters. */
export function validateIpsetName(s: string): MessageKey | null {
  if (isBlank(s)) return 'ipset_name_empty';
  if (WHITESPACE.test(s)) return 'ipset_name_spaces';
  return s.length > IPSET_NAME_MAX ? 'field_too_long' : null;
}

/** Options of {@link validatePassword}. */
export interface PasswordRuleOptions {
  /** Minimum length; LIMITS.registrationPasswordMin (4) unless given. */
  min?: number;
  /** Key for an empty value; 'password_empty' unless given (e.g. 'root_password_empty'). */
  emptyKey?: MessageKey;
}

/** Password: required, no whitespace, at least `min` and at most {@link PASSWORD_MAX} characters. */
export function validatePassword(s: string, opts: PasswordRuleOptions = {}): MessageKey | null {
  const min = opts.min ?? LIMITS.registrationPasswordMin;
  if (typeof s !== 'string' || s === '') return opts.emptyKey ?? 'password_empty';
  if (WHITESPACE.test(s)) return 'password_spaces';
  if (s.length < min) return 'password_too_short';
  return s.length > PASSWORD_MAX ? 'field_too_long' : null;
}

/** Which of the spec's three mismatch texts a form uses. */
export type PasswordPairKind = 'matching' | 'equal' | 'match';

/** The mismatch message key of each kind of password pair. */
export const PASSWORD_PAIR_KEYS: Readonly<Record<PasswordPairKind, MessageKey>> = {
  matching: 'passwords_not_matching',
  equal: 'passwords_not_equal',
  match: 'passwords_dont_match',
};

/**
 * A password and its repetition must be identical: registration says 'matching', password
 * reset 'equal', user creation and root password reset 'match'.
 */
export function validatePasswordPair(a: string, b: string, kind: PasswordPairKind = 'matching'): MessageKey | null {
  return a === b ? null : PASSWORD_PAIR_KEYS[kind];
}
