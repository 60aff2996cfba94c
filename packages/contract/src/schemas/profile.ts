/**
 * The profile (GET /api/MyProfile, data[0]) and the bodies of the profile calls whose payloads
 * the spec names (spec 2 §3: p_language, p_voucher, p_telegram_id).
 */
import { z } from '../zod';
import { LANGUAGES } from '../constants';
import { validateVoucherStrict } from '../rules/validators';
import { TEXT_MAX, requiredText } from './fields';
import { column } from './view-row';

/** Identity verification of the account (photo ID plus selfie at first login). */
export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The voucher held by an account, as shown by the voucher badge. */
export const profileVoucherSchema = z.object({
  /** The voucher's code. */
  voucher: z.string(),
  notes: z.string().nullable(),
  /** ISO 8601 date or timestamp, or null when the voucher does not expire. */
  valid_to: z.string().nullable(),
});
export type ProfileVoucher = z.infer<typeof profileVoucherSchema>;

/** One row of MyProfile: the customer details kept in the client session state (spec 1 §3). */
export const profileRow = z.object({
  /** The user's id. */
  id: z.guid(),
  /** The client (account) id the user belongs to. */
  client: z.guid(),
  /** The user's e-mail address (the login). */
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string().nullable(),
  /** The billing address: street, second line, city, country (ISO code), phone, state, postcode. */
  address: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  phone_prefix: z.string(),
  phone_number: z.string(),
  state: z.string(),
  postcode: z.string(),
  vat_number: z.string().nullable(),
  /** The account's language code (one of LANGUAGES). */
  language: z.string(),
  /** IANA timezone name, e.g. Europe/Lisbon. */
  timezone: z.string(),
  /** Inactivity logout, in minutes. */
  logout_after_minutes: z.int(),
  /** The customer's external billing link; the Billing entry is disabled without it. */
  invoice_ninja_client_link: z.string().nullable(),
  /** Role names (staff, finance). */
  pg_roles: column(z.array(z.string()), 'json'),
  /** Claims (permissions) held by the user. */
  claims: column(z.array(z.string()), 'json'),
  /** True when the account is in sync with the hypervisor: the healthy flag. */
  prox_sync_success: z.boolean(),
  /** True for the account owner, false for sub-users. */
  is_owner: z.boolean(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** The account's voucher, or null without one. */
  voucher: profileVoucherSchema.nullable(),
  /**
   * The secret in the salt of the notification hashes (contract hubs.ts, DESIGN §3): the logged-in
   * user's own, never shown to anyone else.
   */
  notification_secret: z.string(),
});
export type Profile = z.infer<typeof profileRow>;

/** One row of GET /api/MyClaims: a claim the caller may grant to sub-users (none unless the owner). */
export const myClaimRow = z.object({
  /** The claim's name (one of CUSTOMER_CLAIMS). */
  claim: z.string(),
});
export type MyClaim = z.infer<typeof myClaimRow>;

/** Body of POST /api/rpc/ProfileUpdateLanguage. */
export const profileUpdateLanguageSchema = z.object({
  p_language: z.enum(LANGUAGES, { error: 'language_invalid' }),
});
export type ProfileUpdateLanguageInput = z.input<typeof profileUpdateLanguageSchema>;

/** Body of POST /api/rpc/ProfileUpdateVoucher: the voucher to redeem (5-15 upper-case letters or digits). */
export const profileUpdateVoucherSchema = z.object({
  p_voucher: requiredText('voucher_empty', TEXT_MAX.voucher, validateVoucherStrict),
});
export type ProfileUpdateVoucherInput = z.input<typeof profileUpdateVoucherSchema>;

/** Body of POST /api/rpc/TelegramRequest. */
export const telegramRequestSchema = z.object({
  p_telegram_id: requiredText('telegram_id_empty', 64),
});
export type TelegramRequestInput = z.input<typeof telegramRequestSchema>;
