/**
 * Request bodies of the public authentication calls (spec 2 §7: login, register, ForgotPassword,
 * ForgotPasswordDecode, ForgotPasswordConfirm, ResendConfirmationEmail, ConfirmEmail).
 * Keys keep the spec's `p_` prefix; issue messages are message keys (see `messages`).
 * E-mail addresses are trimmed and lower-cased; passwords are never trimmed.
 */
import { z } from '../zod';
import { LANGUAGES, LIMITS } from '../constants';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_PAIR_KEYS,
  validateEmail,
  validatePassword,
  validatePasswordPair,
  validateVoucherStrict,
  type PasswordPairKind,
} from '../rules/validators';
import {
  billingAddressCheck,
  countryField,
  normalizeBillingAddress,
  phoneNumberField,
  phonePrefixField,
  vatNumberField,
} from './billing-address';
import { TEXT_MAX, optionalText, requiredText, secretText } from './fields';

/** A required e-mail address, trimmed and lower-cased. */
export const emailField = requiredText('email_empty', EMAIL_MAX, validateEmail).toLowerCase();

/** A new password: required, no whitespace, at least LIMITS.registrationPasswordMin characters. */
export const newPasswordField = secretText('password_empty', PASSWORD_MAX, (v) => validatePassword(v));

/** A confirmation or reset code: required, trimmed, exactly LIMITS.codeLength digits. */
export const codeField = requiredText('code_empty', 64, (v) =>
  new RegExp(`^\\d{${LIMITS.codeLength}}$`).test(v) ? null : 'code_invalid_format',
);

/**
 * Adds a mismatch issue on `confirmKey` when the two password fields differ. It runs even when
 * other fields have issues (none of them is an explicit abort), so a form shows every problem
 * at once.
 */
export function passwordsMustMatch<K extends string, C extends string>(passwordKey: K, confirmKey: C, kind: PasswordPairKind) {
  return z.refine<Record<K | C, string>>((v) => validatePasswordPair(v[passwordKey], v[confirmKey], kind) === null, {
    error: PASSWORD_PAIR_KEYS[kind],
    path: [confirmKey],
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null | undefined;
      const a = v?.[passwordKey];
      const b = v?.[confirmKey];
      // Only compare two typed passwords; an empty one already has its own message.
      return typeof a === 'string' && typeof b === 'string' && a !== '' && b !== '';
    },
  });
}

/** Body of POST /api/rpc/register. */
export const registerSchema = z
  .object({
    p_first_name: requiredText('first_name_empty', TEXT_MAX.name),
    p_last_name: requiredText('last_name_empty', TEXT_MAX.name),
    p_email: emailField,
    p_password: newPasswordField,
    p_password_confirm: secretText('password_confirm_empty', PASSWORD_MAX),
    p_company_name: optionalText(TEXT_MAX.company),
    p_address: requiredText('address_empty', TEXT_MAX.address),
    p_address2: optionalText(TEXT_MAX.address),
    p_city: requiredText('city_empty', TEXT_MAX.city),
    /** ISO 3166-1 alpha-2 code of the country list, any case; stored upper-case. */
    p_country: countryField,
    /** A calling code of the list, with or without '+'; stored with it. */
    p_phone_prefix: phonePrefixField,
    /** 4–14 digits, grouped with spaces, hyphens or parentheses; with the prefix at most 15 digits. */
    p_phone_number: phoneNumberField,
    p_state: requiredText('state_empty', TEXT_MAX.state),
    p_postcode: requiredText('postcode_empty', TEXT_MAX.postcode),
    /** Optional; checked against the country's format (EU, GB, CH, NO) and stored normalised, see billing-address. */
    p_vat_number: vatNumberField,
    /** Optional voucher; when given it must be 5-15 upper-case letters or digits. */
    p_voucher: optionalText(TEXT_MAX.voucher, validateVoucherStrict),
    /** Optional interface language; '' means none chosen. */
    p_language: z.enum([...LANGUAGES, ''], { error: 'language_invalid' }).optional(),
    /** Optional referrer from a referral code: 5 upper-case letters. */
    p_referrer: optionalText(5, (v) => (/^[A-Z]{5}$/.test(v) ? null : 'referrer_invalid')),
  })
  .check(passwordsMustMatch('p_password', 'p_password_confirm', 'matching'))
  .check(billingAddressCheck)
  .overwrite(normalizeBillingAddress);
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterBody = z.output<typeof registerSchema>;

/** Body of POST /api/rpc/login. The password is only checked for presence. */
export const loginSchema = z.object({
  p_email: requiredText('email_empty', EMAIL_MAX).toLowerCase(),
  p_password: secretText('password_empty', PASSWORD_MAX),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginBody = z.output<typeof loginSchema>;

/** Body of POST /api/rpc/ConfirmEmail. */
export const confirmEmailSchema = z.object({ p_email: emailField, p_otp: codeField });
export type ConfirmEmailInput = z.input<typeof confirmEmailSchema>;
export type ConfirmEmailBody = z.output<typeof confirmEmailSchema>;

/** Body of POST /api/rpc/ResendConfirmationEmail. */
export const resendConfirmationSchema = z.object({ p_email: emailField });
export type ResendConfirmationInput = z.input<typeof resendConfirmationSchema>;
export type ResendConfirmationBody = z.output<typeof resendConfirmationSchema>;

/** Body of POST /api/rpc/ForgotPassword. */
export const forgotPasswordSchema = z.object({ p_email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordBody = z.output<typeof forgotPasswordSchema>;

/** Body of POST /api/rpc/ForgotPasswordDecode: the encrypted message of a reset link. */
export const forgotPasswordDecodeSchema = z.object({
  p_message: requiredText('message_empty', TEXT_MAX.encryptedMessage),
});
export type ForgotPasswordDecodeInput = z.input<typeof forgotPasswordDecodeSchema>;
export type ForgotPasswordDecodeBody = z.output<typeof forgotPasswordDecodeSchema>;

/** Body of POST /api/rpc/ForgotPasswordConfirm: the code from the e-mail and the new password. */
export const forgotPasswordConfirmSchema = z
  .object({
    p_email: emailField,
    p_code: codeField,
    p_password: newPasswordField,
    p_password_repeat: secretText('password_repeat_empty', PASSWORD_MAX),
  })
  .check(passwordsMustMatch('p_password', 'p_password_repeat', 'equal'));
export type ForgotPasswordConfirmInput = z.input<typeof forgotPasswordConfirmSchema>;
export type ForgotPasswordConfirmBody = z.output<typeof forgotPasswordConfirmSchema>;
