/**
 * The identity verification gate of the web's route handling (spec 1 §1: a photo ID plus a selfie
 * at first login). It runs after the route guard of spec 1 §2 has allowed a navigation.
 */
import { isRouteName, type RouteName } from '../routes';
import type { Profile } from '../schemas/profile';

/**
 * Routes an owner who still has to verify may open: the verification page itself, leaving
 * (logout, session end), reloading the profile, their own profile and settings (so an account can
 * be deleted without uploading an ID), support and the legal pages, and flows that carry
 * their own authorisation (invoice payment, console links, e-mail confirmation and reset).
 */
export const VERIFICATION_ALLOWED: readonly RouteName[] = [
  'verification',
  'logout',
  'logout-raw',
  'session-expired',
  'profile-reload',
  'profile',
  'settings',
  'login-with-redirect',
  'login-with-email',
  'tickets',
  'contact',
  'report-form',
  'privacy_policy',
  'terms_of_service',
  'pay-invoice',
  'payment-return',
  'payment-return-banktransfer',
  'console-open',
  'confirm-email',
  'resend-confirmation',
  'register-confirmation',
  'forgot-password',
  'reset-password',
  'reset-password-message',
  'welcome',
];

/**
 * Whether a logged-in user is sent to /verification instead of `route`: only account owners whose
 * verification is 'none' (never submitted) or 'rejected' (submit again). A pending account may use
 * the portal while staff review it (ordering stays refused on the server until approved). A
 * sub-user is never sent there: the photo ID must be the owner's, so the owner verifies. Names
 * outside the route table (the not-found page) pass.
 */
export function needsVerification(route: string, profile: Pick<Profile, 'is_owner' | 'verification_status'> | null): boolean {
  if (!profile || !profile.is_owner || !isRouteName(route)) return false;
  if (profile.verification_status !== 'none' && profile.verification_status !== 'rejected') return false;
  return !(VERIFICATION_ALLOWED as readonly string[]).includes(route);
}

/**
 * Whether the account may order (checkout, CreateOrder): only a verified ('approved') account.
 * A pending one may use the portal but is sent to /verification when it tries to check out.
 */
export function orderingAllowed(profile: Pick<Profile, 'verification_status'> | null): boolean {
  return profile?.verification_status === 'approved';
}
