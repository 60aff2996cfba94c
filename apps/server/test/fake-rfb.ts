/**
 * A small VNC (RFB 3.8) server for tests, as QEMU behind a Proxmox `vncwebsocket` speaks it: VNC
 * authentication with the console's password (DES written out here, not the portal's code, so a
 * wrong key schedule in the portal fails the tests), ServerInit with the VM's name, and Raw
 * framebuffer updates of one solid colour in the pixel format the viewer asked for. It records the
 * keys it was sent.
 */
import crypto from 'node:crypto';
import type { WebSocket } from 'ws';

export interface FakeRfbOptions {
  password: string;
  name: string;
  width?: number;
  height?: number;
  /** The screen's colour, [r, g, b]. */
  color?: [number, number, number];
}

export interface FakeRfbSession {
  /** Keysyms pressed (down events), in order. */
  keys: number[];
  /** 'auth-ok', 'auth-failed' or 'init' once the viewer's ClientInit arrived. */
  stage: string;
}

const BIT_REVERSED = Array.from({ length: 256 }, (_, b) =>
  parseInt(b.toString(2).padStart(8, '0').split('').reverse().join(''), 2),
);

function expectedResponse(password: string, challenge: Buffer): Buffer {
  const key = Buffer.alloc(8);
  for (let i = 0; i < Math.min(8, password.length); i++) key[i] = BIT_REVERSED[password.charCodeAt(i) & 0xff]!;
  const out: Buffer[] = [];
  for (const block of [challenge.subarray(0, 8), challenge.subarray(8, 16)]) {
    const c = crypto.createCipheriv('des-ede3-ecb', Buffer.concat([key, key, key]), null);
    c.setAutoPadding(false);
    out.push(c.update(block), c.final());
  }
  return Buffer.concat(out);
}

/** Serves one RFB session on `ws` (binary frames); answers what it records. */
export function serveFakeRfb(ws: WebSocket, o: FakeRfbOptions): FakeRfbSession {
  const width = o.width ?? 640;
  const height = o.height ?? 400;
  const [r, g, b] = o.color ?? [0x33, 0x99, 0xcc];
  const session: FakeRfbSession = { keys: [], stage: 'banner' };
  const challenge = crypto.randomBytes(16);
  let format = { bpp: 32, bigEndian: false, rShift: 16, gShift: 8, bShift: 0 };
  let buf = Buffer.alloc(0);
  let drawn = false;
  const send = (bytes: Buffer) => ws.send(bytes, { binary: true });

  /** Consumes one step's bytes from `buf` if they are all there; answers whether it did. */
  const step = (): boolean => {
    const need = (n: number) => buf.length >= n;
    const take = (n: number) => {
      const head = buf.subarray(0, n);
      buf = buf.subarray(n);
      return head;
    };
    switch (session.stage) {
      case 'banner':
        if (!need(12)) return false;
        take(12);
        send(Buffer.from([1, 2])); // one security type: VNC authentication
        session.stage = 'choice';
        return true;
      case 'choice':
        if (!need(1)) return false;
        take(1);
        send(challenge);
        session.stage = 'response';
        return true;
      case 'response': {
        if (!need(16)) return false;
        const ok = take(16).equals(expectedResponse(o.password, challenge));
        if (!ok) {
          const reason = Buffer.from('Authentication failure');
          const len = Buffer.alloc(4);
          len.writeUInt32BE(reason.length);
          send(Buffer.concat([Buffer.from([0, 0, 0, 1]), len, reason]));
          session.stage = 'auth-failed';
          setTimeout(() => ws.close(), 20);
          return false;
        }
        send(Buffer.from([0, 0, 0, 0]));
        session.stage = 'auth-ok';
        return true;
      }
      case 'auth-ok': {
        if (!need(1)) return false;
        take(1);
        const name = Buffer.from(o.name, 'utf8');
        const init = Buffer.alloc(24);
        init.writeUInt16BE(width, 0);
        init.writeUInt16BE(height, 2);
        Buffer.from([32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0, 0, 0, 0]).copy(init, 4);
        init.writeUInt32BE(name.length, 20);
        send(Buffer.concat([init, name]));
        session.stage = 'init';
        return true;
      }
      case 'init':
        return message(need, take);
      default:
        return false;
    }
  };

  const message = (need: (n: number) => boolean, take: (n: number) => Buffer): boolean => {
    if (!need(1)) return false;
    const type = buf[0];
    if (type === 0) {
      if (!need(20)) return false;
      const m = take(20);
      format = { bpp: m[4]!, bigEndian: m[6] !== 0, rShift: m[14]!, gShift: m[15]!, bShift: m[16]! };
    } else if (type === 2) {
      if (!need(4)) return false;
      const n = buf.readUInt16BE(2);
      if (!need(4 + 4 * n)) return false;
      take(4 + 4 * n);
    } else if (type === 3) {
      if (!need(10)) return false;
      // A still screen: a full request is answered, an incremental one only before the first picture.
      if (!take(10)[1] || !drawn) sendScreen();
    } else if (type === 4) {
      if (!need(8)) return false;
      const m = take(8);
      if (m[1]) session.keys.push(m.readUInt32BE(4));
    } else if (type === 5) {
      if (!need(6)) return false;
      take(6);
    } else if (type === 6) {
      if (!need(8)) return false;
      const len = buf.readUInt32BE(4);
      if (!need(8 + len)) return false;
      take(8 + len);
    } else {
      ws.close(1002, `unknown RFB message ${type}`);
      return false;
    }
    return true;
  };

  const sendScreen = () => {
    if (format.bpp !== 32) return void ws.close(1002, 'the fake speaks 32 bits per pixel only');
    const pixel = ((r << format.rShift) | (g << format.gShift) | (b << format.bShift)) >>> 0;
    const head = Buffer.alloc(16);
    head.writeUInt8(0, 0);
    head.writeUInt16BE(1, 2);
    head.writeUInt16BE(width, 8);
    head.writeUInt16BE(height, 10);
    head.writeInt32BE(0, 12); // Raw
    const pixels = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      if (format.bigEndian) pixels.writeUInt32BE(pixel, i * 4);
      else pixels.writeUInt32LE(pixel, i * 4);
    }
    send(Buffer.concat([head, pixels]));
    drawn = true;
  };

  ws.on('message', (data: Buffer) => {
    buf = Buffer.concat([buf, data]);
    while (step());
  });
  send(Buffer.from('RFB 003.008\n'));
  return session;
}
