import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the SignalR connection: the test drives its events. */
class FakeConnection {
  static all: FakeConnection[] = [];
  static failStarts = 0;
  url = '';
  options: Record<string, unknown> = {};
  handlers = new Map<string, (...args: unknown[]) => void>();
  reconnecting?: () => void;
  closed?: () => void;
  starts = 0;
  stopped = false;
  on(target: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(target, fn);
  }
  onreconnecting(fn: () => void) {
    this.reconnecting = fn;
  }
  onclose(fn: () => void) {
    this.closed = fn;
  }
  async start() {
    this.starts++;
    if (FakeConnection.failStarts > 0) {
      FakeConnection.failStarts--;
      throw new Error('refused');
    }
  }
  async stop() {
    this.stopped = true;
  }
  receive(...args: unknown[]) {
    this.handlers.get('ReceiveMessage')!(...args);
  }
}

vi.mock('@microsoft/signalr', () => {
  class HubConnectionBuilder {
    private conn = new FakeConnection();
    withUrl(url: string, options: Record<string, unknown>) {
      this.conn.url = url;
      this.conn.options = options;
      return this;
    }
    withAutomaticReconnect() {
      return this;
    }
    configureLogging() {
      return this;
    }
    build() {
      FakeConnection.all.push(this.conn);
      return this.conn;
    }
  }
  return { HubConnectionBuilder, HttpTransportType: { WebSockets: 1 }, LogLevel: { None: 6 } };
});

const registered = vi.hoisted(() => [] as Array<[string, string]>);
vi.mock('../session/store', () => ({
  getSession: () => ({ email: 'a@b.c', client: 'c1', notification_secret: 's' }),
}));
vi.mock('./notification-calls', () => ({
  registerConnection: async (_account: unknown, id: string, kind: string) => {
    registered.push([id, kind]);
    return true;
  },
}));

const { connectHub, reconnectDelayMs } = await import('./hub-connection');

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeConnection.all = [];
  FakeConnection.failStarts = 0;
  registered.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('connectHub', () => {
  it('connects over websockets to /hubs/<kind> and registers the joined connection', async () => {
    const handle = connectHub('terminal', vi.fn());
    await flush();
    const conn = FakeConnection.all[0]!;
    expect(conn.url).toBe('/hubs/terminal');
    expect(conn.options.skipNegotiation).toBe(true);
    conn.receive('0123_joined_[terminal]');
    await flush();
    expect(registered).toEqual([['0123', 'terminal']]);
    expect(handle.connectionId()).toBe('0123');
    await handle.stop();
    expect(conn.stopped).toBe(true);
  });

  it('ignores a joined message for another destination', async () => {
    connectHub('power', vi.fn());
    await flush();
    FakeConnection.all[0]!.receive('0123_joined_[terminal]');
    await flush();
    expect(registered).toEqual([]);
  });

  it('registers again after a reconnect (the hub sends a new joined message)', async () => {
    const handle = connectHub('lock', vi.fn());
    await flush();
    const conn = FakeConnection.all[0]!;
    conn.receive('aaa_joined_[lock]');
    await flush();
    conn.reconnecting!();
    expect(handle.connectionId()).toBeNull();
    conn.receive('bbb_joined_[lock]');
    await flush();
    expect(registered).toEqual([
      ['aaa', 'lock'],
      ['bbb', 'lock'],
    ]);
    expect(handle.connectionId()).toBe('bbb');
  });

  it('hands live messages on and skips noise', async () => {
    const onMessage = vi.fn();
    connectHub('power', onMessage);
    await flush();
    FakeConnection.all[0]!.receive('{"provisioned_id":5,"status":"ok","message":"started"}', 'noise');
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({ provisioned_id: 5, status: 'ok', message: 'started' });
  });

  it('retries a failed start, and starts again after the connection closed for good', async () => {
    FakeConnection.failStarts = 2;
    const handle = connectHub('rename', vi.fn());
    await flush();
    const conn = FakeConnection.all[0]!;
    expect(conn.starts).toBe(1);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(1));
    expect(conn.starts).toBe(2);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(2));
    expect(conn.starts).toBe(3);
    conn.closed!();
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(1));
    expect(conn.starts).toBe(4);
    await handle.stop();
    conn.closed!();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(conn.starts).toBe(4);
  });
});

describe('reconnectDelayMs', () => {
  it('grows from 0 to 30 s', () => {
    expect([0, 1, 2, 3, 5, 6, 10].map(reconnectDelayMs)).toEqual([0, 1000, 2000, 4000, 16_000, 30_000, 30_000]);
  });
});
