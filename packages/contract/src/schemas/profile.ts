/**
 * The profile (GET /api/MyProfile, data[0]) and the bodies of the profile calls whose payloads
 * the spec names (spec 2 §3: p_language, p_voucher, p_telegram_id).
 */
import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { validateVoucherStrict } from '../rules/validators';
import { TEXT_MAX, requiredText } from './fields';

/** Identity verification of the account (photo ID plus selfie at first login). */
export type VerificationStatus = 'none' | 'pending' | 'approved' | 'rejected';

/** The voucher held by an account, as shown by the voucher badge. */
export interface ProfileVoucher {
  voucher: string;
  notes: string | null;
  /** ISO 8601 date or timestamp, or null when the voucher does not expire. */
  valid_to: string | null;
}

/** One row of MyProfile: the customer details kept in the client session state (spec 1 §3). */
export interface Profile {
  /** The user's id. */
  id: string;
  /** The client (account) id the user belongs to. */
  client: string;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  address: string;
  address2: string | null;
  city: string;
  country: string;
  phone_prefix: string;
  phone_number: string;
  state: string;
  postcode: string;
  vat_number: string | null;
  language: string;
  /** IANA timezone name, e.g. Europe/Lisbon. */
  timezone: string;
  /** Inactivity logout, in minutes. */
  logout_after_minutes: number;
  /** The customer's external billing link; the Billing entry is disabled without it. */
  invoice_ninja_client_link: string | null;
  /** Role names (staff, finance). */
  pg_roles: string[];
  /** Claims (permissions) held by the user. */
  claims: string[];
  /** True when the account is in sync with the hypervisor: the healthy flag. */
  prox_sync_success: boolean;
  /** True for the account owner, false for sub-users. */
  is_owner: boolean;
  verification_status: VerificationStatus;
  voucher: ProfileVoucher | null;
  /**
   * The secret in the salt of the notification hashes (contract hubs.ts, DESIGN §3): the logged-in
   * user's own, never shown to anyone else.
   */
  notification_secret: string;
}

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
