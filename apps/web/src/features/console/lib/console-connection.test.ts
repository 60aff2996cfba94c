import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleConnection, socketAddress, type ConsoleState } from './console-connection';

/** A stand-in for the browser's WebSocket: records what is sent, lets the test deliver frames and close. */
class FakeSocket {
  static OPEN = 1;
  static CLOSED = 3;
  static last: FakeSocket | null = null;
  readyState = 1;
  binaryType = 'blob';
  sent: unknown[] = [];
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason?: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(d: unknown) {
    this.sent.push(d);
  }
  close() {
    this.readyState = 3;
  }
  deliver(data: unknown) {
    this.onmessage?.({ data });
  }
  end(code: number) {
    this.onclose?.({ code, reason: '' });
  }
}

const real = globalThis.WebSocket;
beforeEach(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
});
afterEach(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = real;
});

function open() {
  const states: ConsoleState[] = [];
  const conn = new ConsoleConnection('ws://portal.test/console/ws?x', (s) => states.push(s));
  return { conn, states, socket: FakeSocket.last! };
}

describe('ConsoleConnection', () => {
  it('builds ws: or wss: addresses on the page’s own host', () => {
    expect(socketAddress('/console/ws', 'a=1', { protocol: 'https:', host: 'portal.test' })).toBe(
      'wss://portal.test/console/ws?a=1',
    );
    expect(socketAddress('/console/ws', 'a=1', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/console/ws?a=1',
    );
  });

  it('reads the hello, keeps output until a terminal listens, sends input only while connected', () => {
    const { conn, states, socket } = open();
    conn.send('too early');
    socket.deliver(JSON.stringify({ type: 'ready', kind: 'text', provisioned_id: 7, name: 'web-1' }));
    socket.deliver('banner ');
    socket.deliver('login: ');
    expect(states.at(-1)).toEqual({ status: 'connected', kind: 'text', provisionedId: 7, name: 'web-1' });
    const seen: string[] = [];
    conn.onOutput((t) => seen.push(t));
    socket.deliver('more');
    expect(seen).toEqual(['banner ', 'login: ', 'more']);
    conn.send('root\r');
    expect(socket.sent).toEqual(['root\r']);
    socket.end(1000);
    expect(states.at(-1)).toEqual({ status: 'closed', reason: 'ended', kind: 'text', provisionedId: 7, name: 'web-1' });
  });

  it('turns an error hello into the error state, and a socket that fails first into unreachable', () => {
    const a = open();
    a.socket.deliver(JSON.stringify({ type: 'error', code: 'CONSOLE_LINK_USED', message: 'x' }));
    a.socket.end(4409);
    expect(a.states).toEqual([{ status: 'error', code: 'CONSOLE_LINK_USED' }]);
    const b = open();
    b.socket.end(1006);
    expect(b.states).toEqual([{ status: 'error', code: 'unreachable' }]);
  });

  it('tells an idle close and a lost connection apart', () => {
    for (const [code, reason] of [
      [4408, 'idle'],
      [1006, 'lost'],
    ] as const) {
      const { states, socket } = open();
      socket.deliver(JSON.stringify({ type: 'ready', kind: 'vnc', provisioned_id: 1, name: 'n' }));
      socket.end(code);
      expect(states.at(-1)).toMatchObject({ status: 'closed', reason, kind: 'vnc' });
    }
  });

  it('gives a VNC console’s RFB frames to the viewer: those before it loaded first, then as they come; its close reaches it', () => {
    const { conn, socket } = open();
    expect(conn.vncChannel()).toBeNull();
    socket.deliver(JSON.stringify({ type: 'ready', kind: 'vnc', provisioned_id: 1, name: 'n' }));
    const channel = conn.vncChannel()!;
    const banner = new TextEncoder().encode('RFB 003.008\n').buffer;
    socket.deliver(banner);
    const got: ArrayBuffer[] = [];
    const closes: number[] = [];
    channel.onmessage = (e) => got.push(e.data);
    channel.onclose = (e) => closes.push(e.code);
    expect(got).toEqual([]);
    channel.start();
    const more = new Uint8Array([1, 1]).buffer;
    socket.deliver(more);
    expect(got).toEqual([banner, more]);
    channel.send(new Uint8Array([3]));
    expect(socket.sent).toEqual([new Uint8Array([3])]);
    socket.end(1000);
    expect(closes).toEqual([1000]);
  });

  it('forgets a detached viewer: no frames, and its close does not end the console', () => {
    const { conn, socket } = open();
    socket.deliver(JSON.stringify({ type: 'ready', kind: 'vnc', provisioned_id: 1, name: 'n' }));
    const channel = conn.vncChannel()!;
    const got: ArrayBuffer[] = [];
    channel.onmessage = (e) => got.push(e.data);
    channel.start();
    channel.detach();
    socket.deliver(new Uint8Array([9]).buffer);
    channel.close();
    expect(got).toEqual([]);
    expect(socket.readyState).toBe(1);
    expect(channel.readyState).toBe(3);
  });
});
