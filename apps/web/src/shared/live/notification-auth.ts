/**
 * The hash-in-path authentication of the notification calls on the payment and service host
 * (spec 2 §7, DESIGN §3): SHA-512 (hex, Web Crypto) over the lower-cased e-mail, the epoch in
 * seconds and a salt holding the client id and the account's notification secret (plus the
 * connection id when registering a connection). Texts, salts and paths come from the contract.
 */
import {
  accountSalt,
  emailPathPart,
  notificationHashInput,
  notificationPaths,
  registerSalt,
  type NotificationAuth,
} from '@portside/contract/hubs';
import type { Profile } from '@portside/contract/schemas/profile';

/** Base path of the payment and service host; configurable so it can live on another host. */
export const SVC_BASE = (import.meta.env.VITE_SVC_BASE as string | undefined) ?? '/svc';

/** The issuer path part of the notification calls. */
export const NOTIFICATION_ISSUER = 'portside';

/** What the notification calls need of the customer details. */
export interface NotificationAccount {
  email: string;
  client: string;
  /** The per-user secret MyProfile hands only to the logged-in user. */
  secret: string;
}

export { emailPathPart };

/** The account of the customer details, or null when they lack the notification secret. */
export function notificationAccount(profile: Profile | null): NotificationAccount | null {
  const secret: unknown = profile?.notification_secret;
  if (!profile || typeof secret !== 'string' || !secret || !profile.email || !profile.client) return null;
  return { email: profile.email, client: String(profile.client), secret };
}

/** SHA-512 of a text as lower-case hex. */
export async function sha512Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The signed path parts for a salt, at `now` (ms) — also for the payment calls of the host. */
export async function signedAuth(account: NotificationAccount, salt: string, now: number): Promise<NotificationAuth> {
  const epoch = Math.floor(now / 1000);
  const email = account.email.trim().toLowerCase();
  const hash = await sha512Hex(notificationHashInput(email, epoch, salt));
  return { issuer: NOTIFICATION_ISSUER, email, clientId: account.client, epoch, hash };
}

/** A contract path (which starts with /svc) on the configured service host. */
export function onHost(path: string): string {
  return `${SVC_BASE}${path.replace(/^\/svc/, '')}`;
}

/** POST path that maps a hub connection to the account. */
export async function registerPath(
  account: NotificationAccount,
  connectionId: string,
  destination: string,
  now = Date.now(),
): Promise<string> {
  const auth = await signedAuth(account, registerSalt(account.client, account.secret, connectionId), now);
  return onHost(notificationPaths.register({ ...auth, connectionId, destination }));
}

/** POST path that deactivates every connection mapping of the account. */
export async function deactivatePath(account: NotificationAccount, now = Date.now()): Promise<string> {
  return onHost(notificationPaths.deactivate(await signedAuth(account, accountSalt(account.client, account.secret), now)));
}

/** GET path of the account's recent terminal messages. */
export async function recentPath(account: NotificationAccount, now = Date.now()): Promise<string> {
  return onHost(notificationPaths.recent(await signedAuth(account, accountSalt(account.client, account.secret), now)));
}
