import { describe, expect, it } from 'vitest';
import { attemptKeys, slowdownMs } from './rate-limit.js';

const rl = { perAccount: 8, baseDelayMs: 500, maxDelayMs: 10_000 };

describe('slowdownMs', () => {
  it('does not slow an account down below its limit', () => {
    for (let n = 0; n < 8; n++) expect(slowdownMs(n, rl)).toBe(0);
  });

  it('doubles the delay with every failure past the limit, up to the maximum', () => {
    expect([8, 9, 10, 11, 12, 13, 14, 1000].map((n) => slowdownMs(n, rl))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });

  it('never slows down when the base delay is 0 (tests)', () => {
    expect(slowdownMs(100, { ...rl, baseDelayMs: 0 })).toBe(0);
  });
});

describe('attemptKeys', () => {
  it('keeps the address, the account from that address and the account apart', () => {
    const k = attemptKeys('login', '198.51.100.7', 'a@b.test');
    expect(new Set(Object.values(k)).size).toBe(3);
    expect(k.pair).toContain('198.51.100.7');
    expect(k.pair).toContain('a@b.test');
    expect(k.account).not.toContain('198.51.100.7');
  });
});
