import { expect } from 'vitest';
import { DnsError, type DnsErrorCode } from '../src/drivers/dns/dns.js';
import { GatewayError, type GatewayErrorCode } from '../src/drivers/gateway/gateway.js';

/** The error `p` rejects with, or null when it resolves. */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (err: unknown) => err,
  );
}

/** Expects `p` to reject with a DnsError of `code` whose message matches `text`. */
export async function expectDnsError(p: Promise<unknown>, code: DnsErrorCode, text: RegExp): Promise<void> {
  const e = await rejection(p);
  expect(e, 'expected a DNS error').toBeInstanceOf(DnsError);
  expect((e as DnsError).code).toBe(code);
  expect((e as DnsError).message).toMatch(text);
}

/** Expects `p` to reject with a GatewayError of `code` whose message matches `text`. */
export async function expectGatewayError(p: Promise<unknown>, code: GatewayErrorCode, text: RegExp): Promise<void> {
  const e = await rejection(p);
  expect(e, 'expected a gateway error').toBeInstanceOf(GatewayError);
  expect((e as GatewayError).code).toBe(code);
  expect((e as GatewayError).message).toMatch(text);
}
