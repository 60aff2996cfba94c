/**
 * The two RFB (VNC, RFC 6143) handshakes of a graphical console, so the VNC password stays on the
 * server: the portal authenticates to the node's VNC server with the password the cluster gave
 * it ({@link authenticateToServer}), and offers the browser the same RFB session without
 * authentication ({@link greetClient}) — the browser has already proved itself with the one-time
 * console link. After both, the bytes are piped unchanged (ClientInit, ServerInit and the rest).
 * Versions 3.3, 3.7 and 3.8 are spoken on both sides; security types None (1) and VNC
 * authentication (2) towards the server.
 */
import crypto from 'node:crypto';

/** A refusal or a protocol error during a handshake; `message` is for the log, never the browser. */
export class RfbError extends Error {
  override name = 'RfbError';
}

/** Bytes arriving in frames of any size, read as exact counts. */
export class ByteQueue {
  private chunks: Buffer[] = [];
  private size = 0;
  private waiter: { n: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  push(data: Buffer): void {
    this.chunks.push(data);
    this.size += data.length;
    this.wake();
  }

  /** Fails the read under way and every later one (the socket closed). */
  fail(error: Error): void {
    this.failure = error;
    this.wake();
  }

  /** The next `n` bytes, once they have arrived. One read at a time. */
  read(n: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiter = { n, resolve, reject };
      this.wake();
    });
  }

  /** Every byte not read yet; the queue is empty afterwards. */
  rest(): Buffer {
    const all = Buffer.concat(this.chunks);
    this.chunks = [];
    this.size = 0;
    return all;
  }

  private wake(): void {
    const w = this.waiter;
    if (!w) return;
    if (this.size >= w.n) {
      this.waiter = null;
      const all = Buffer.concat(this.chunks);
      this.chunks = all.length > w.n ? [all.subarray(w.n)] : [];
      this.size = all.length - w.n;
      w.resolve(all.subarray(0, w.n));
    } else if (this.failure) {
      this.waiter = null;
      w.reject(this.failure);
    }
  }
}

const SECURITY_NONE = 1;
const SECURITY_VNC = 2;

/** An RFB version as 3.x: 3, 7 or 8 (3.5 and unknown minors of 3 speak 3.3). */
function parseVersion(banner: Buffer): number {
  const m = /^RFB 003\.(\d{3})\n$/.exec(banner.toString('latin1'));
  if (!m) throw new RfbError(`not an RFB 3.x banner: ${JSON.stringify(banner.toString('latin1').slice(0, 12))}`);
  const minor = Number(m[1]);
  return minor >= 8 ? 8 : minor === 7 ? 7 : 3;
}

const banner = (minor: number) => Buffer.from(`RFB 003.00${minor}\n`, 'latin1');

async function readReason(q: ByteQueue): Promise<string> {
  const len = (await q.read(4)).readUInt32BE(0);
  return (await q.read(Math.min(len, 4096))).toString('utf8');
}

/**
 * VNC authentication's answer to `challenge`: the 16 bytes DES-encrypted (ECB) with the password
 * as key, its first 8 bytes zero-padded and each byte's bits reversed (the VNC convention). Single
 * DES is two-key triple DES with both keys the same (OpenSSL 3 keeps plain DES in its legacy provider).
 */
export function vncAuthResponse(password: string, challenge: Buffer): Buffer {
  const key = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8);
  for (let i = 0; i < 8; i++) {
    let b = key[i]!;
    let r = 0;
    for (let bit = 0; bit < 8; bit++) {
      r = (r << 1) | (b & 1);
      b >>= 1;
    }
    key[i] = r;
  }
  const cipher = crypto.createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(challenge), cipher.final()]);
}

/**
 * The client's side of the handshake with a VNC server, up to a successful security result:
 * answers the server's version (at most 3.8), picks VNC authentication (or None when that is all
 * it offers) and answers the challenge with `password`. Throws {@link RfbError} when the server
 * refuses. `send` writes to the server; `q` holds what it sent.
 */
export async function authenticateToServer(q: ByteQueue, send: (b: Buffer) => void, password: string): Promise<void> {
  const minor = parseVersion(await q.read(12));
  send(banner(minor));
  let type: number;
  if (minor === 3) {
    type = (await q.read(4)).readUInt32BE(0);
    if (type === 0) throw new RfbError(`server refused: ${await readReason(q)}`);
  } else {
    const count = (await q.read(1))[0]!;
    if (count === 0) throw new RfbError(`server refused: ${await readReason(q)}`);
    const offered = [...(await q.read(count))];
    type = offered.includes(SECURITY_VNC) ? SECURITY_VNC : offered.includes(SECURITY_NONE) ? SECURITY_NONE : 0;
    if (!type) throw new RfbError(`no supported security type among ${offered.join(',')}`);
    send(Buffer.from([type]));
  }
  if (type === SECURITY_VNC) send(vncAuthResponse(password, await q.read(16)));
  else if (type !== SECURITY_NONE) throw new RfbError(`unsupported security type ${type}`);
  if (type === SECURITY_NONE && minor < 8) return;
  const result = (await q.read(4)).readUInt32BE(0);
  if (result !== 0) throw new RfbError(`authentication failed${minor === 8 ? `: ${await readReason(q)}` : ''}`);
}

/**
 * The server's side of the handshake with the browser, offering security type None: sends the
 * 3.8 banner, takes the viewer's version (3.3, 3.7 or 3.8) and its choice, and reports success
 * where that version expects it. Throws {@link RfbError} on anything else.
 */
export async function greetClient(q: ByteQueue, send: (b: Buffer) => void): Promise<void> {
  send(banner(8));
  const minor = parseVersion(await q.read(12));
  if (minor === 3) {
    send(Buffer.from([0, 0, 0, SECURITY_NONE]));
    return;
  }
  send(Buffer.from([1, SECURITY_NONE]));
  const choice = (await q.read(1))[0];
  if (choice !== SECURITY_NONE) throw new RfbError(`viewer chose security type ${choice}`);
  if (minor === 8) send(Buffer.from([0, 0, 0, 0]));
}
