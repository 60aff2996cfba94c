/**
 * Building blocks for the RPC body schemas. Every issue message is a {@link MessageKey}.
 * Length limits are also recorded as metadata, so the generated JSON Schema / OpenAPI shows them.
 */
import { z } from '../zod';
import type { MessageKey } from '../messages';
import { hasControlChars } from '../rules/control-chars';

/** Maximum lengths of free-text fields, in characters. */
export const TEXT_MAX = {
  name: 100,
  company: 200,
  address: 200,
  city: 100,
  country: 100,
  state: 100,
  postcode: 20,
  phonePrefix: 10,
  phoneNumber: 32,
  vatNumber: 32,
  voucher: 64,
  /** An encrypted reset message taken from the reset link. */
  encryptedMessage: 2000,
} as const;

/** A rule that returns a message key when it refuses a value. */
export type Rule = (value: string) => MessageKey | null;

/**
 * Adds one issue with the rule's message key when the rule refuses the value ('control_characters'
 * before any rule: no text field takes NUL or another control character). Exactly one issue
 * per field keeps forms simple; the issue is not an explicit abort, so body-level checks such as
 * the password match still run (zod skips `when` checks only after explicit aborts).
 */
function withRule(schema: z.ZodString, rule: Rule): z.ZodString {
  return schema.check((ctx) => {
    const key = hasControlChars(ctx.value) ? 'control_characters' : rule(ctx.value);
    if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
  });
}

/**
 * A required, trimmed string: missing, not a string or blank gives `emptyKey`; more than `max`
 * characters gives 'field_too_long'; an optional `rule` then runs on the trimmed value.
 */
export function requiredText(emptyKey: MessageKey, max: number, rule?: Rule): z.ZodString {
  return withRule(z.string({ error: emptyKey }).trim(), (v) => {
    if (v === '') return emptyKey;
    if (v.length > max) return 'field_too_long';
    return rule ? rule(v) : null;
  }).meta({ minLength: 1, maxLength: max });
}

/**
 * A required value picked from a list (a code, never typed): missing, not a string or blank gives
 * `emptyKey`; more than `max` characters gives 'field_too_long'; otherwise the `rule` sees the
 * value untrimmed, so a code with spaces around it is refused like any other unknown code.
 */
export function requiredCode(emptyKey: MessageKey, max: number, rule: Rule): z.ZodString {
  return withRule(z.string({ error: emptyKey }), (v) => {
    if (v.trim() === '') return emptyKey;
    if (v.length > max) return 'field_too_long';
    return rule(v);
  }).meta({ minLength: 1, maxLength: max });
}

/**
 * An optional, trimmed string: missing or '' (after trimming) passes; more than `max` characters
 * gives 'field_too_long'; an optional `rule` runs only on a non-empty value.
 */
export function optionalText(max: number, rule?: Rule): z.ZodOptional<z.ZodString> {
  return withRule(z.string({ error: 'invalid_data' }).trim(), (v) => {
    if (v === '') return null;
    if (v.length > max) return 'field_too_long';
    return rule ? rule(v) : null;
  })
    .meta({ maxLength: max })
    .optional();
}

/**
 * A secret that is never trimmed: missing, not a string or '' gives `emptyKey`; the optional
 * `rule` (for example the password rule) runs on a non-empty value; without a rule, more than
 * `max` characters gives 'field_too_long'.
 */
export function secretText(emptyKey: MessageKey, max: number, rule?: Rule): z.ZodString {
  return withRule(z.string({ error: emptyKey }), (v) => {
    if (v === '') return emptyKey;
    if (rule) return rule(v);
    return v.length > max ? 'field_too_long' : null;
  }).meta({ minLength: 1, maxLength: max });
}

/** Turns an optional text field's '' or undefined into null, for storing. */
export function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}
