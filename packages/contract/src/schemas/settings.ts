/**
 * Bodies of the account calls behind /profile and /settings (spec 2 §7 Account: ResetPassword,
 * ProfileUpdateTimeout, ProfileUpdateTimezone, ProfileUpdateBillingAddress) and of AccountDelete
 * (spec 1 §5: the user types DELETE and ticks four acknowledgement boxes).
 */
import { z } from '../zod';
import { LOGOUT_MINUTES } from '../constants';
import { PASSWORD_MAX } from '../rules/validators';
import { newPasswordField, passwordsMustMatch, registerSchema } from './auth';
import { billingAddressCheck, normalizeBillingAddress } from './billing-address';
import { requiredText, secretText } from './fields';

// The bounds live with the constants, so the shell reads them without loading zod.
export { LOGOUT_MINUTES };

/** Account deletion: the word to type, the number of boxes to tick, how long registration data is kept offline. */
export const ACCOUNT_DELETE = { confirmWord: 'DELETE', acknowledgements: 4, retentionMonths: 6 } as const;

/**
 * Body of POST /api/rpc/ResetPassword: the current password and the new one twice. The new
 * password follows the registration rule (no spaces, at least 4 characters); a different
 * repetition gives 'Passwords are not matching'.
 */
export const resetPasswordSchema = z
  .object({
    p_old_password: secretText('password_old_empty', PASSWORD_MAX),
    p_password: newPasswordField,
    p_password_repeat: secretText('password_repeat_empty', PASSWORD_MAX),
  })
  .check(passwordsMustMatch('p_password', 'p_password_repeat', 'matching'));
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;

/** Body of POST /api/rpc/ProfileUpdateTimeout: log out after this many idle minutes (1–1440). */
export const profileUpdateTimeoutSchema = z.object({
  p_minutes: z
    .number({ error: 'logout_minutes_invalid' })
    .int({ error: 'logout_minutes_invalid' })
    .min(LOGOUT_MINUTES.min, { error: 'logout_minutes_invalid' })
    .max(LOGOUT_MINUTES.max, { error: 'logout_minutes_invalid' }),
});
export type ProfileUpdateTimeoutInput = z.input<typeof profileUpdateTimeoutSchema>;

/** Body of POST /api/rpc/ProfileUpdateTimezone: an IANA name; the server also checks it is in the Timezones list. */
export const profileUpdateTimezoneSchema = z.object({
  p_timezone: requiredText('timezone_empty', 64, (v) => (/^[A-Za-z0-9_+\-/]+$/.test(v) ? null : 'timezone_unknown')),
});
export type ProfileUpdateTimezoneInput = z.input<typeof profileUpdateTimezoneSchema>;

// The billing address takes its fields straight from the registration schema, and the same
// cross-field checks (billing-address.ts), so both forms and the server apply exactly the same
// rules (required/optional, trimming, lengths, country, phone and VAT formats).
const r = registerSchema.shape;

/** The billing-address fields of the account, in form order (the registration's billing section plus the company). */
export const BILLING_ADDRESS_FIELDS = [
  'p_company_name',
  'p_address',
  'p_address2',
  'p_city',
  'p_country',
  'p_state',
  'p_postcode',
  'p_phone_prefix',
  'p_phone_number',
  'p_vat_number',
] as const;
export type BillingAddressField = (typeof BILLING_ADDRESS_FIELDS)[number];

/** Body of POST /api/rpc/ProfileUpdateBillingAddress: the registration's billing fields and rules, in its order. */
export const profileUpdateBillingAddressSchema = z
  .object({
    p_company_name: r.p_company_name,
    p_address: r.p_address,
    p_address2: r.p_address2,
    p_city: r.p_city,
    p_country: r.p_country,
    p_phone_prefix: r.p_phone_prefix,
    p_phone_number: r.p_phone_number,
    p_state: r.p_state,
    p_postcode: r.p_postcode,
    p_vat_number: r.p_vat_number,
  })
  .check(billingAddressCheck)
  .overwrite(normalizeBillingAddress);
export type ProfileUpdateBillingAddressInput = z.input<typeof profileUpdateBillingAddressSchema>;
export type ProfileUpdateBillingAddressBody = z.output<typeof profileUpdateBillingAddressSchema>;

/**
 * Body of POST /api/rpc/AccountDelete: `p_confirm` is the word DELETE (surrounding spaces
 * ignored, upper case required) and `p_acknowledgements` the four ticked boxes, all true.
 */
export const accountDeleteSchema = z.object({
  p_confirm: z
    .string({ error: 'delete_confirm_invalid' })
    .trim()
    .refine((v) => v === ACCOUNT_DELETE.confirmWord, { error: 'delete_confirm_invalid' }),
  p_acknowledgements: z
    .array(z.boolean({ error: 'delete_acknowledgements_required' }), { error: 'delete_acknowledgements_required' })
    .refine((a) => a.length === ACCOUNT_DELETE.acknowledgements && a.every((x) => x === true), {
      error: 'delete_acknowledgements_required',
    })
    .meta({ minItems: ACCOUNT_DELETE.acknowledgements, maxItems: ACCOUNT_DELETE.acknowledgements }),
});
export type AccountDeleteInput = z.input<typeof accountDeleteSchema>;

/** The one row of GET /api/MyLogoutTime (also answered by the rpc of that name). */
export const logoutTimeRow = z.object({
  /** Inactivity logout of the account, in minutes. */
  logout_after_minutes: z.int(),
});
export type LogoutTime = z.infer<typeof logoutTimeRow>;
