/**
 * The portal's own rate limiter, per kind of attempt: how many failures from one address within
 * how many seconds ban that address (http/rate-limit.ts counts them under `<kind>:ip:<address>`).
 * Most kinds use the configured limits (RATE_LIMIT_PER_IP, RATE_LIMIT_WINDOW_SECONDS); the public
 * forms that count every use have their own. /unban-ip lists an address while it has reached one.
 */
import type { Config } from '../../config.js';
import { ABUSE_REPORTS_PER_IP } from '../support/support.service.js';
import { GUEST_TICKETS_PER_IP } from '../support/guest-tickets.js';

/** A kind's per-address limit and window. */
export interface RatePolicy {
  kind: string;
  perIp: number;
  windowSeconds: number;
}

/** Kinds counted with the configured limits: the auth calls and the signed links of the service host. */
const CONFIGURED_KINDS = [
  'login',
  'reset',
  'reset-confirm',
  'register',
  'confirm',
  'resend',
  'notifications',
  'payments',
  'pay-link',
  'reseller',
] as const;

const HOUR = 3600;

/** Every kind's policy under `config`. */
export function ratePolicies(config: Pick<Config, 'rateLimit'>): RatePolicy[] {
  const { perIp, windowSeconds } = config.rateLimit;
  return [
    ...CONFIGURED_KINDS.map((kind) => ({ kind, perIp, windowSeconds })),
    { kind: 'abuse', perIp: ABUSE_REPORTS_PER_IP, windowSeconds: HOUR },
    { kind: 'guest-ticket', perIp: GUEST_TICKETS_PER_IP, windowSeconds: HOUR },
  ];
}
