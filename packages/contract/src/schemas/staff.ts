/**
 * The staff's screens of issue 18 (spec 1 §2 'Staff and admin', spec 2 §7): the status messages'
 * history (/statuses), the addresses the portal's own rate limiter has banned and UnbanAPIAccessIP
 * (/unban-ip), and the Problems an operator has to fix (/problems). Rows are the views' one shape.
 */
import { z } from '../zod';
import { canonicalAddress } from '../rules/network';
import { requiredText } from './fields';
import { STATUS_LEVELS } from './support';
import { timestampField } from './view-row';

// ——— /statuses ———

/**
 * InternalStatusHistory (staff): every posted status message, the current ones (ended_at null) and
 * the ended ones, with who posted it. The banner itself reads InternalStatus (current ones only).
 */
export const statusHistoryRow = z.object({
  id: z.int(),
  level: z.enum(STATUS_LEVELS),
  message: z.string(),
  /** The e-mail of the staff member who posted it (null once that user is deleted). */
  created_by: z.string().nullable(),
  created_at: timestampField(),
  /** When it was ended; null while every page still shows it. */
  ended_at: timestampField().nullable(),
});
export type StatusHistoryRow = z.infer<typeof statusHistoryRow>;

// ——— /unban-ip ———

/** The longest address text accepted (an IPv6 address with an embedded IPv4 one). */
export const IP_TEXT_MAX = 45;

/**
 * BannedIPs (staff): one row per address and kind of attempt (login, password reset, ...) whose
 * failures within the limiter's window reach its per-address limit, so the portal answers that
 * address 429 RATE_LIMITED for that kind until `until`.
 */
export const bannedAddressRow = z.object({
  ip: z.string(),
  /** The limiter's kind: login, reset, register, confirm, resend, reset-confirm, abuse, ... */
  kind: z.string(),
  /** Failures (or, for the forms that count every use, submissions) within the window. */
  failures: z.int(),
  /** The per-address limit of that kind. */
  max_failures: z.int(),
  /** The oldest failure still counted. */
  first_at: timestampField(),
  /** The newest failure: when the address was (last) banned. */
  last_at: timestampField(),
  /** When enough failures have left the window for the address to be let in again. */
  until: timestampField(),
});
export type BannedAddressRow = z.infer<typeof bannedAddressRow>;

/**
 * UnbanAPIAccessIP (staff): clears every counter of the address (all kinds, its own and its
 * per-account ones), so its next login is accepted at once.
 */
export const unbanIpSchema = z.object({
  p_ip: requiredText('ip_invalid', IP_TEXT_MAX, (v) => (canonicalAddress(v) ? null : 'ip_invalid')).transform((v) =>
    canonicalAddress(v)!,
  ),
});
export type UnbanIpBody = z.input<typeof unbanIpSchema>;
