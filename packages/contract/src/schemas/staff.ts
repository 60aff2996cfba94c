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

// ——— /problems ———

/**
 * What went wrong (Problems): servers the portal lost contact with (a VM on a cluster whose
 * heartbeat is stale, a dedicated server whose BMC does not answer), failed jobs (an order's server
 * not made, a dedicated power function, a VM operation), failed payments and unhealthy disks.
 */
export const PROBLEM_KINDS = [
  'vm_lost_contact',
  'bmc_unreachable',
  'order_item_failed',
  'power_job_failed',
  'vm_operation_failed',
  'payment_failed',
  'disk_unhealthy',
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** Failed jobs and payments older than this many days are history, no longer problems. */
export const PROBLEM_WINDOW_DAYS = 30;

/** Problems (claim menu-see-problems): one row per problem, newest first by default. */
export const problemRow = z.object({
  kind: z.enum(PROBLEM_KINDS),
  /** Unique within the kind (a VM's id, a server's serial, an order item's or payment's id, serial/disk). */
  key: z.string(),
  /** What it is about: the server's name, or a payment's reference. */
  subject: z.string(),
  client: z.uuid().nullable(),
  client_name: z.string().nullable(),
  /** The error as recorded (the cluster's, the BMC's, the job's), or the disk's state; null when none was. */
  detail: z.string().nullable(),
  /** Since when: the last contact, the failure, the last inventory read. */
  at: timestampField().nullable(),
  /** Where it is fixed: the dedicated server's serial, the VM's id, the order's id (whichever applies). */
  serial: z.string().nullable(),
  provisioned_id: z.int().nullable(),
  order_id: z.int().nullable(),
});
export type ProblemRow = z.infer<typeof problemRow>;
