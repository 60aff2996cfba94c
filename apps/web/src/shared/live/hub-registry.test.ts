import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => {
  const values: Record<string, unknown> = {
    token: 't',
    customerDetails: { email: 'a@b.c', client: 'c1', notification_secret: 's' },
  };
  return { values, listeners: new Map<string, Set<() => void>>() };
});
const hubs = vi.hoisted(() => ({ opened: [] as Array<{ kind: string; deliver: (m: unknown) => void; stopped: boolean }> }));
const calls = vi.hoisted(() => ({ deactivated: [] as unknown[] }));

vi.mock('../session/store', () => ({
  getSession: (key: string) => session.values[key] ?? null,
  subscribeSession: (key: string, fn: () => void) => {
    if (!session.listeners.has(key)) session.listeners.set(key, new Set());
    session.listeners.get(key)!.add(fn);
    return () => session.listeners.get(key)!.delete(fn);
  },
}));
vi.mock('./hub-connection', () => ({
  connectHub: (kind: string, deliver: (m: unknown) => void) => {
    const hub = { kind, deliver, stopped: false };
    hubs.opened.push(hub);
    return { kind, connectionId: () => null, stop: async () => void (hub.stopped = true) };
  },
}));
vi.mock('./notification-calls', () => ({ deactivateMappings: async (account: unknown) => void calls.deactivated.push(account) }));

const { subscribeHub, openHubKinds, closeAllHubs } = await import('./hub-registry');

function setSession(key: string, value: unknown): void {
  session.values[key] = value;
  session.listeners.get(key)?.forEach((fn) => fn());
}

beforeEach(() => {
  vi.useFakeTimers();
  hubs.opened.length = 0;
  calls.deactivated.length = 0;
  session.values = { token: 't', customerDetails: { email: 'a@b.c', client: 'c1', notification_secret: 's' } };
});
afterEach(() => {
  closeAllHubs();
  vi.useRealTimers();
});

describe('hub registry', () => {
  it('shares one connection per kind between subscribers and delivers to each', () => {
    const a = vi.fn();
    const b = vi.fn();
    subscribeHub('power', a);
    subscribeHub('power', b);
    subscribeHub('lock', a);
    expect(hubs.opened.map((h) => h.kind)).toEqual(['power', 'lock']);
    hubs.opened[0]!.deliver({ provisioned_id: 1 });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('closes a connection shortly after its last subscriber left, not while another stays', () => {
    const stopA = subscribeHub('power', vi.fn());
    const stopB = subscribeHub('power', vi.fn());
    stopA();
    vi.advanceTimersByTime(5000);
    expect(hubs.opened[0]!.stopped).toBe(false);
    stopB();
    expect(openHubKinds()).toEqual(['power']);
    vi.advanceTimersByTime(1000);
    expect(hubs.opened[0]!.stopped).toBe(true);
    expect(openHubKinds()).toEqual([]);
  });

  it('keeps the connection for a subscriber that comes back within the linger time', () => {
    subscribeHub('rename', vi.fn())();
    vi.advanceTimersByTime(500);
    subscribeHub('rename', vi.fn());
    vi.advanceTimersByTime(5000);
    expect(hubs.opened).toHaveLength(1);
    expect(hubs.opened[0]!.stopped).toBe(false);
  });

  it('closes everything and deactivates the mappings at logout', () => {
    subscribeHub('terminal', vi.fn());
    subscribeHub('power', vi.fn());
    setSession('customerDetails', null);
    setSession('token', null);
    expect(hubs.opened.every((h) => h.stopped)).toBe(true);
    expect(openHubKinds()).toEqual([]);
    expect(calls.deactivated).toEqual([{ email: 'a@b.c', client: 'c1', secret: 's' }]);
  });
});
