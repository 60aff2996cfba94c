import { describe, expect, it } from 'vitest';
import { deactivatePath, emailPathPart, notificationAccount, recentPath, registerPath, sha512Hex } from './notification-auth';

const account = { email: 'Ana+Ops@Example.test', client: 'c-1', secret: 's3cr3t' };
const NOW = 1_700_000_000_123;

describe('notification hash paths', () => {
  it('hashes like SHA-512 hex', async () => {
    expect(await sha512Hex('abc')).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
  });

  it('writes the e-mail lower-cased with + as $', () => {
    expect(emailPathPart(' Ana+Ops@Example.test ')).toBe('ana$ops@example.test');
  });

  it('salts a registration with client, secret and connection id', async () => {
    const hash = await sha512Hex('ana+ops@example.test1700000000c-1s3cr3tconn-9');
    expect(await registerPath(account, 'conn-9', 'terminal', NOW)).toBe(
      `/svc/notifications/register/portside/conn-9/terminal/ana$ops@example.test/c-1/1700000000/${hash}`,
    );
  });

  it('salts deactivation and recent messages with client and secret', async () => {
    const hash = await sha512Hex('ana+ops@example.test1700000000c-1s3cr3t');
    expect(await deactivatePath(account, NOW)).toBe(
      `/svc/notifications/deactivate/portside/ana$ops@example.test/c-1/1700000000/${hash}`,
    );
    expect(await recentPath(account, NOW)).toBe(`/svc/notifications/recent/portside/ana$ops@example.test/c-1/1700000000/${hash}`);
  });

  it('needs the notification secret in the customer details', () => {
    const profile = { email: 'a@b.c', client: 'c' } as never;
    expect(notificationAccount(profile)).toBeNull();
    expect(notificationAccount({ ...(profile as object), notification_secret: 'x' } as never)).toEqual({
      email: 'a@b.c',
      client: 'c',
      secret: 'x',
    });
  });
});
