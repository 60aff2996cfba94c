import * as signalR from '@microsoft/signalr';
import {
  accountSalt,
  notificationHashInput,
  notificationPaths,
  parseJoined,
  registerSalt,
  type HubKind,
} from '@portside/contract/hubs';

/** SHA-512 hex as the browser computes it (Web Crypto). */
export async function sha512HexWeb(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the browser knows of the logged-in user (MyProfile). */
export interface HubAccount {
  email: string;
  client: string;
  secret: string;
}

export const nowEpoch = () => Math.floor(Date.now() / 1000);

/** The register path, signed as the browser signs it. */
export async function registerPathFor(
  a: HubAccount,
  connectionId: string,
  destination: string,
  o: { epoch?: number; issuer?: string } = {},
) {
  const epoch = o.epoch ?? nowEpoch();
  const hash = await sha512HexWeb(
    notificationHashInput(a.email.toLowerCase(), epoch, registerSalt(a.client, a.secret, connectionId)),
  );
  return notificationPaths.register({
    issuer: o.issuer ?? 'portside',
    email: a.email,
    clientId: a.client,
    epoch,
    hash,
    connectionId,
    destination,
  });
}

/** The deactivate or recent path, signed as the browser signs it. */
export async function accountPathFor(which: 'deactivate' | 'recent', a: HubAccount, o: { epoch?: number } = {}) {
  const epoch = o.epoch ?? nowEpoch();
  const hash = await sha512HexWeb(notificationHashInput(a.email.toLowerCase(), epoch, accountSalt(a.client, a.secret)));
  return notificationPaths[which]({ issuer: 'portside', email: a.email, clientId: a.client, epoch, hash });
}

/** A started SignalR client of one hub, collecting what ReceiveMessage brings. */
export interface HubClient {
  connection: signalR.HubConnection;
  connectionId: string;
  received: string[];
  /** Resolves with the first received text (after `from`) that `match` accepts. */
  next(match: (text: string) => boolean, timeoutMs?: number, from?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Connects the official client to `${baseUrl}/hubs/${kind}` over WebSockets and waits for the joined message. */
export async function connectHub(baseUrl: string, kind: HubKind, o: { skipNegotiation?: boolean } = {}): Promise<HubClient> {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${baseUrl}/hubs/${kind}`, {
      transport: signalR.HttpTransportType.WebSockets,
      skipNegotiation: o.skipNegotiation ?? false,
    })
    .configureLogging(signalR.LogLevel.None)
    .build();
  const received: string[] = [];
  const waiters = new Set<() => void>();
  connection.on('ReceiveMessage', (...args: unknown[]) => {
    for (const a of args) received.push(String(a));
    for (const w of waiters) w();
  });
  const next = (match: (text: string) => boolean, timeoutMs = 5000, from = 0) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const hit = received.slice(from).find(match);
        if (hit === undefined) return false;
        waiters.delete(look);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`no matching hub message within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
      }, timeoutMs);
      waiters.add(look);
      look();
    });
  await connection.start();
  const joined = parseJoined(await next((t) => parseJoined(t) !== null));
  return { connection, connectionId: joined!.connectionId, received, next, stop: () => connection.stop() };
}
