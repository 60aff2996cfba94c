/**
 * The hash-in-path authentication of the notification calls on the payment and service host
 * (spec 2 §7, DESIGN §3): SHA-512 (hex) over the lower-cased e-mail, the epoch in seconds and a
 * salt holding the client id and the account's notification secret (plus the connection id when
 * registering a connection).
 */
import type { Profile } from '@portside/contract/schemas/profile';

/** Base path of the payment and service host; configurable so it can live on another host. */
export const SVC_BASE = (import.meta.env.VITE_SVC_BASE as string | undefined) ?? '/svc';

/** The issuer path part of the notification calls. */
export const NOTIFICATION_ISSUER = 'portside';

/** What the notification calls need of the customer details. */
export interface NotificationAccount {
  email: string;
  client: string;
  /** The per-account secret MyProfile hands only to the logged-in user. */
  secret: string;
}

/** The account of the customer details, or null when they lack the notification secret. */
export function notificationAccount(profile: Profile | null): NotificationAccount | null {
  if (!profile) return null;
  const secret = (profile as Profile & { notification_secret?: unknown }).notification_secret;
  if (typeof secret !== 'string' || !secret || !profile.email || !profile.client) return null;
  return { email: profile.email, client: String(profile.client), secret };
}

/** The e-mail as a path part: lower-cased, '+' replaced by '$'. */
export function emailPathPart(email: string): string {
  return email.trim().toLowerCase().replaceAll('+', '$');
}

/** SHA-512 of a text as lower-case hex (Web Crypto). */
export async function sha512Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The `:email/:client/:epoch/:hash` tail of a call, for a salt after the client id and secret. */
async function signedTail(account: NotificationAccount, saltSuffix: string, now: number): Promise<string> {
  const epoch = String(Math.floor(now / 1000));
  const salt = `${account.client}${account.secret}${saltSuffix}`;
  const hash = await sha512Hex(`${account.email.trim().toLowerCase()}${epoch}${salt}`);
  const parts = [emailPathPart(account.email), account.client, epoch, hash];
  return parts.map(encodeURIComponent).join('/');
}

/** POST path that maps a hub connection to the account. */
export async function registerPath(account: NotificationAccount, connectionId: string, destination: string, now = Date.now()): Promise<string> {
  const head = [NOTIFICATION_ISSUER, connectionId, destination].map(encodeURIComponent).join('/');
  return `${SVC_BASE}/notifications/register/${head}/${await signedTail(account, connectionId, now)}`;
}

/** POST path that deactivates every connection mapping of the account. */
export async function deactivatePath(account: NotificationAccount, now = Date.now()): Promise<string> {
  return `${SVC_BASE}/notifications/deactivate/${NOTIFICATION_ISSUER}/${await signedTail(account, '', now)}`;
}

/** GET path of the account's recent terminal messages. */
export async function recentPath(account: NotificationAccount, now = Date.now()): Promise<string> {
  return `${SVC_BASE}/notifications/recent/${NOTIFICATION_ISSUER}/${await signedTail(account, '', now)}`;
}
