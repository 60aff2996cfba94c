/** Helpers of the two-factor API tests: codes computed from a secret, as an authenticator app does. */
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TestServer } from './harness.js';

/** The TOTP code of `secret` `stepsAhead` 30-second steps from now (one step either way is accepted). */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** Turns on 2FA for the token's user: answers the secret and the ten recovery codes. */
export async function enableTotp(s: TestServer, token: string): Promise<{ secret: string; codes: string[] }> {
  const start = await s.rpc('TwoFactorTotpStart', {}, token);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const confirm = await s.rpc('TwoFactorTotpConfirm', { p_code: await totpCode(start.body.secret) }, token);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return { secret: start.body.secret, codes: confirm.body.recovery_codes };
}

/** Logs in with the password and answers the second step's ticket (fails when a token came instead). */
export async function passwordStep(s: TestServer, email: string, password: string): Promise<string> {
  const r = await s.rpc('login', { p_email: email, p_password: password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.token).toBeUndefined();
  return r.body.second_factor.ticket as string;
}
