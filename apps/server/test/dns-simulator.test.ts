import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDns } from '../src/drivers/dns/create-dns.js';
import { reverseName } from '../src/drivers/dns/dns-names.js';
import { createSimulatorDns } from '../src/drivers/dns/simulator-dns.js';
import { loadNetworkConfig } from '../src/network-config.js';
import { createTestDatabase } from './harness.js';
import { expectDnsError } from './network-expect.js';

describe('DNS simulator', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  });
  afterAll(async () => {
    await pool.end();
    await tdb.drop();
  });

  it('is what createDns makes for DNS_DRIVER=simulator (the default)', async () => {
    const dns = createDns(loadNetworkConfig({ NODE_ENV: 'test' }), pool);
    await dns.setPtr('192.0.2.10', 'made-by-create.example.net');
    expect(await createSimulatorDns(pool).ptr('192.0.2.10')).toBe('made-by-create.example.net');
  });

  it('sets, replaces and reads the PTR record of IPv4 and IPv6 addresses, in canonical form', async () => {
    const dns = createSimulatorDns(pool);
    expect(await dns.ptr('203.0.113.7')).toBeNull();
    await dns.setPtr('203.0.113.7', 'Mail.Example.COM.');
    expect(await dns.ptr('203.0.113.7')).toBe('mail.example.com');
    await dns.setPtr('203.0.113.7', 'mx1.example.com');
    await dns.setPtr('203.0.113.7', 'mx1.example.com');
    expect(await dns.ptr('203.0.113.7')).toBe('mx1.example.com');

    await dns.setPtr('2001:DB8:0:0::7', 'v6.example.com');
    expect(await dns.ptr('2001:db8::7')).toBe('v6.example.com');
    expect(await dns.ptr('2001:db8::8')).toBeNull();
    // Another instance sees the same zone.
    expect(await createSimulatorDns(pool).ptr('2001:db8:0::7')).toBe('v6.example.com');
  });

  it('refuses what is no address or no valid host name, changing nothing', async () => {
    const dns = createSimulatorDns(pool);
    await dns.setPtr('198.51.100.1', 'keep.example.com');
    await expectDnsError(dns.setPtr('198.51.100.0/24', 'x.example.com'), 'REFUSED', /not an IP address/);
    await expectDnsError(dns.setPtr('198.51.100.256', 'x.example.com'), 'REFUSED', /not an IP address/);
    await expectDnsError(dns.setPtr('198.51.100.1', 'localhost'), 'REFUSED', /not a valid host name/);
    await expectDnsError(dns.setPtr('198.51.100.1', 'bad_name.example.com'), 'REFUSED', /not a valid host name/);
    await expectDnsError(dns.setPtr('198.51.100.1', ''), 'REFUSED', /not a valid host name/);
    await expectDnsError(dns.ptr('nope'), 'REFUSED', /not an IP address/);
    expect(await dns.ptr('198.51.100.1')).toBe('keep.example.com');
  });

  it('answers the TXT records written with setTxt, in order, [] for a name without any', async () => {
    const dns = createSimulatorDns(pool);
    const name = '_portside-challenge.shop.example.org';
    expect(await dns.txt(name)).toEqual([]);
    await dns.setTxt(name, ['portside-verification=abc', 'v=spf1 -all']);
    expect(await dns.txt(name)).toEqual(['portside-verification=abc', 'v=spf1 -all']);
    expect(await dns.txt('_PORTSIDE-challenge.Shop.Example.org.')).toEqual(['portside-verification=abc', 'v=spf1 -all']);
    await dns.setTxt(name, ['only-one']);
    expect(await dns.txt(name)).toEqual(['only-one']);
    await dns.setTxt(name, []);
    expect(await dns.txt(name)).toEqual([]);
    expect(await dns.txt('not a name')).toEqual([]);
    await expectDnsError(dns.setTxt('not a name', ['x']), 'REFUSED', /not a DNS name/);
    await expectDnsError(dns.setTxt(name, ['x'.repeat(4001)]), 'REFUSED', /4000 bytes/);
  });

  it('is UNAVAILABLE, without SQL in the message, when its database does not answer', async () => {
    const gone = new pg.Pool({ connectionString: tdb.ownerUrl.replace(/\/[^/]*$/, '/no_such_database'), max: 1 });
    try {
      const dns = createSimulatorDns(gone);
      await expectDnsError(dns.txt('example.com'), 'UNAVAILABLE', /^the simulated DNS did not answer$/);
      await expectDnsError(dns.setPtr('192.0.2.1', 'a.example.com'), 'UNAVAILABLE', /^the simulated DNS did not answer$/);
    } finally {
      await gone.end();
    }
  });

  it('names the reverse zone entries of IPv4 and IPv6 addresses', () => {
    expect(reverseName('203.0.113.7')).toBe('7.113.0.203.in-addr.arpa');
    expect(reverseName('2001:db8::567:89ab')).toBe('b.a.9.8.7.6.5.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa');
  });
});
