import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDns } from '../src/drivers/dns/create-dns.js';
import { createPowerDns, reverseZoneOf, type PowerDnsConfig } from '../src/drivers/dns/powerdns-dns.js';
import { loadNetworkConfig } from '../src/network-config.js';
import { startFakeDnsServer, startFakePowerDns, type FakePowerDns } from './fake-powerdns.js';
import { expectDnsError } from './network-expect.js';

const ZONES = ['113.0.203.in-addr.arpa.', '0.203.in-addr.arpa.', '8.b.d.0.1.0.0.2.ip6.arpa.', 'example.net.'];

describe('powerdns DNS driver: reverse zones through the PowerDNS API', () => {
  let pdns: FakePowerDns;
  let config: PowerDnsConfig;
  beforeAll(async () => {
    pdns = await startFakePowerDns(ZONES);
    config = {
      driver: 'powerdns',
      powerdnsUrl: pdns.url,
      powerdnsApiKey: pdns.apiKey,
      powerdnsServerId: 'localhost',
      resolvers: [],
      timeoutMs: 500,
    };
  });
  afterAll(async () => {
    await pdns?.close();
  });

  it('is what createDns makes for DNS_DRIVER=powerdns', async () => {
    const dns = createDns(
      loadNetworkConfig({ NODE_ENV: 'test', DNS_DRIVER: 'powerdns', POWERDNS_URL: pdns.url, POWERDNS_API_KEY: pdns.apiKey }),
      null as never,
    );
    await dns.setPtr('203.0.113.99', 'from-create.example.com');
    expect(await dns.ptr('203.0.113.99')).toBe('from-create.example.com');
  });

  it('replaces the PTR rrset in the longest reverse zone holding the address, with the key in its header', async () => {
    const dns = createPowerDns(config);
    const from = pdns.requests.length;
    await dns.setPtr('203.0.113.7', 'Mail.Example.com.');
    expect(pdns.requests.slice(from).map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', '/api/v1/servers/localhost/zones', null],
      [
        'PATCH',
        '/api/v1/servers/localhost/zones/113.0.203.in-addr.arpa.',
        {
          rrsets: [
            {
              name: '7.113.0.203.in-addr.arpa.',
              type: 'PTR',
              ttl: 3600,
              changetype: 'REPLACE',
              records: [{ content: 'mail.example.com.', disabled: false }],
            },
          ],
        },
      ],
    ]);
    expect(pdns.requests.slice(from).every((r) => r.apiKey === pdns.apiKey)).toBe(true);
    expect(await dns.ptr('203.0.113.7')).toBe('mail.example.com');
    await dns.setPtr('203.0.113.7', 'mx.example.com');
    expect(pdns.rrsets('113.0.203.in-addr.arpa.').filter((s) => s.name === '7.113.0.203.in-addr.arpa.')).toEqual([
      { name: '7.113.0.203.in-addr.arpa.', type: 'PTR', ttl: 3600, records: [{ content: 'mx.example.com.', disabled: false }] },
    ]);
    // An address outside 113.0.203 but inside 0.203 goes to the shorter zone.
    await dns.setPtr('203.0.114.1', 'other.example.com');
    expect(pdns.rrsets('0.203.in-addr.arpa.').some((s) => s.name === '1.114.0.203.in-addr.arpa.')).toBe(true);
  });

  it('writes IPv6 PTR records under ip6.arpa, and answers null where there is none', async () => {
    const dns = createPowerDns(config);
    await dns.setPtr('2001:db8::1', 'v6.example.com');
    expect(await dns.ptr('2001:DB8:0::1')).toBe('v6.example.com');
    expect(await dns.ptr('2001:db8::2')).toBeNull();
    expect(await dns.ptr('192.0.2.1')).toBeNull();
  });

  it('refuses an address no reverse zone holds, a bad host name, and what PowerDNS refuses', async () => {
    const dns = createPowerDns(config);
    await expectDnsError(dns.setPtr('192.0.2.1', 'a.example.com'), 'REFUSED', /^no reverse zone of this DNS holds 192\.0\.2\.1$/);
    await expectDnsError(dns.setPtr('203.0.113.8', 'no_underscores.example.com'), 'REFUSED', /not a valid host name/);
    pdns.failNext(422, JSON.stringify({ error: 'RRset 8.113.0.203.in-addr.arpa. IN PTR: Conflicts with pre-existing RRset' }));
    await expectDnsError(dns.setPtr('203.0.113.8', 'a.example.com'), 'REFUSED', /Conflicts with pre-existing RRset/);
    pdns.failNext(404, JSON.stringify({ error: "Could not find domain '113.0.203.in-addr.arpa.'" }));
    await expectDnsError(dns.setPtr('203.0.113.8', 'a.example.com'), 'REFUSED', /Could not find domain/);
  });

  it('is UNAVAILABLE on 5xx, a wrong key, no answer in time, or nobody listening, and never names the key', async () => {
    const dns = createPowerDns(config);
    pdns.failNext(500, JSON.stringify({ error: 'Backend error' }));
    await expectDnsError(dns.ptr('203.0.113.7'), 'UNAVAILABLE', /HTTP 500 Backend error/);
    const wrong = createPowerDns({ ...config, powerdnsApiKey: 'not-the-key' });
    await expectDnsError(wrong.setPtr('203.0.113.7', 'a.example.com'), 'UNAVAILABLE', /did not accept the API key \(HTTP 401\)/);
    pdns.setDelay(800);
    try {
      await expectDnsError(dns.ptr('203.0.113.7'), 'UNAVAILABLE', /did not answer within 500 ms/);
    } finally {
      pdns.setDelay(0);
    }
    const closed = createPowerDns({ ...config, powerdnsUrl: 'http://127.0.0.1:9' });
    const e = await closed.setPtr('203.0.113.7', 'a.example.com').catch((x: unknown) => x as Error);
    expect(e).toMatchObject({ code: 'UNAVAILABLE', message: 'PowerDNS could not be reached' });
    pdns.failNext(500, `echo ${pdns.apiKey}`);
    const echoed = await dns.ptr('203.0.113.7').catch((x: unknown) => x as Error);
    expect((echoed as Error).message).not.toContain(pdns.apiKey);
  });

  it('picks the longest reverse zone and never a forward zone', () => {
    const zones = ZONES.map((z) => ({ id: z, name: z }));
    expect(reverseZoneOf(zones, '7.113.0.203.in-addr.arpa')?.name).toBe('113.0.203.in-addr.arpa.');
    expect(reverseZoneOf(zones, '7.114.0.203.in-addr.arpa')?.name).toBe('0.203.in-addr.arpa.');
    expect(reverseZoneOf(zones, '7.113.0.204.in-addr.arpa')).toBeUndefined();
    expect(reverseZoneOf([{ id: 'x', name: '3.0.203.in-addr.arpa.' }], '7.113.0.203.in-addr.arpa')).toBeUndefined();
  });

  it('refuses to start without a URL and key, or with resolvers it cannot use', () => {
    expect(() => createPowerDns({ ...config, powerdnsApiKey: null })).toThrow(/POWERDNS_URL and POWERDNS_API_KEY/);
    expect(() => createPowerDns({ ...config, powerdnsUrl: 'ftp://x' })).toThrow(/http\(s\)/);
    expect(() => createPowerDns({ ...config, resolvers: ['not an address'] })).toThrow(/DNS_RESOLVERS/);
  });
});

describe('powerdns DNS driver: TXT lookups over the DNS protocol', () => {
  let server: Awaited<ReturnType<typeof startFakeDnsServer>>;
  let config: PowerDnsConfig;
  beforeAll(async () => {
    server = await startFakeDnsServer({
      '_portside-challenge.shop.example.org': { txt: [['portside-verification=', 'abc123'], ['v=spf1 -all']] },
      'nodata.example.org': 'nodata',
      'broken.example.org': 'servfail',
      'slow.example.org': 'silent',
    });
    config = {
      driver: 'powerdns',
      powerdnsUrl: 'http://127.0.0.1:9',
      powerdnsApiKey: 'k',
      powerdnsServerId: 'localhost',
      resolvers: [server.address],
      timeoutMs: 300,
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers each TXT record with its strings joined, asking the configured resolver', async () => {
    const dns = createPowerDns(config);
    expect(await dns.txt('_portside-challenge.Shop.example.org.')).toEqual(['portside-verification=abc123', 'v=spf1 -all']);
    expect(server.questions).toContain('TXT _portside-challenge.shop.example.org');
  });

  it('answers [] for a name that does not exist or has no TXT records, and for no DNS name at all', async () => {
    const dns = createPowerDns(config);
    expect(await dns.txt('unknown.example.org')).toEqual([]);
    expect(await dns.txt('nodata.example.org')).toEqual([]);
    expect(await dns.txt('not a name')).toEqual([]);
  });

  it('is UNAVAILABLE when the resolver fails or does not answer in time', async () => {
    const dns = createPowerDns(config);
    await expectDnsError(
      dns.txt('broken.example.org'),
      'UNAVAILABLE',
      /no resolver answered for broken\.example\.org \(ESERVFAIL\)/,
    );
    const started = Date.now();
    await expectDnsError(dns.txt('slow.example.org'), 'UNAVAILABLE', /ETIMEOUT/);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
