import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_CLAIMS } from '@portside/contract/constants';
import { AppError } from '../src/http/errors.js';
import { MAX_LIMIT, buildQuery } from '../src/http/postgrest.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { expectErrorShape, scalar } from './factories.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
});
afterAll(async () => s?.stop());

const ALL_CLAIMS = [...CUSTOMER_CLAIMS].sort();
const claims = async (qs: string) => {
  const r = await s.get(`MyClaims?${qs}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as Array<{ claim: string }>).map((x) => x.claim);
};
const locations = async (qs: string) => {
  const r = await s.get(`HostingLocations?${qs}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as Array<{ id: string }>).map((x) => x.id);
};
const zones = async (qs: string) => {
  const r = await s.get(`Timezones?${qs}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as Array<{ name: string }>).map((x) => x.name);
};

describe('filters over HTTP', () => {
  it('eq and neq', async () => {
    expect(await claims('claim=eq.logs-see')).toEqual(['logs-see']);
    expect(await claims('claim=neq.logs-see')).toEqual(ALL_CLAIMS.filter((c) => c !== 'logs-see'));
    expect(await locations('country_code=eq.DE')).toEqual(['frankfurt']);
    expect(await zones('name=eq.Europe/Lisbon')).toEqual(['Europe/Lisbon']);
  });

  it('gt, gte, lt and lte on text and int columns', async () => {
    expect(await claims('claim=gt.vm-settings-firewall')).toEqual(['vm-settings-image', 'vm-settings-snapshot']);
    expect(await claims('claim=gte.vm-settings-image')).toEqual(['vm-settings-image', 'vm-settings-snapshot']);
    expect(await claims('claim=lt.m')).toEqual(['billing-manage', 'logs-see']);
    expect(await claims('claim=lte.logs-see')).toEqual(['billing-manage', 'logs-see']);
    expect(await claims('claim=lt.c')).toEqual(['billing-manage']);
    expect(await locations('sort=gt.1')).toEqual(['frankfurt']);
    expect(await locations('sort=gte.1')).toEqual(['lisbon', 'frankfurt']);
    expect(await locations('sort=lt.2')).toEqual(['lisbon']);
    expect(await locations('sort=lte.2')).toEqual(['lisbon', 'frankfurt']);
  });

  it('like and ilike with * as the wildcard', async () => {
    expect(await claims('claim=like.vm-settings-*')).toEqual(ALL_CLAIMS.filter((c) => c.startsWith('vm-settings-')));
    expect(await claims('claim=like.VM-*')).toEqual([]);
    expect(await claims('claim=ilike.VM-SETTINGS-B*')).toEqual(['vm-settings-backup']);
    expect(await zones('name=ilike.europe/lis*')).toEqual(['Europe/Lisbon']);
  });

  it('in and is', async () => {
    expect(await claims('claim=in.(logs-see,menu-see-users,no-such-claim)')).toEqual(['logs-see', 'menu-see-users']);
    expect(await claims('claim=in.()')).toEqual([]);
    expect(await locations('country_code=in.("PT","DE")')).toEqual(['lisbon', 'frankfurt']);
    expect(await locations('electricity_warning=is.true')).toEqual(['frankfurt']);
    expect(await locations('electricity_warning=is.false')).toEqual(['lisbon']);
    expect(await locations('name=is.null')).toEqual([]);
  });

  it('negates any operator with not.', async () => {
    expect(await claims('claim=not.like.menu-*')).toEqual(ALL_CLAIMS.filter((c) => !c.startsWith('menu-')));
    expect(await locations('sort=not.eq.1')).toEqual(['frankfurt']);
    expect(await locations('country_code=not.in.(PT)')).toEqual(['frankfurt']);
    expect(await locations('name=not.is.null')).toEqual(['lisbon', 'frankfurt']);
  });

  it('combines repeated and different filters with AND', async () => {
    expect(await claims('claim=gte.vm-settings-d&claim=lt.vm-settings-i')).toEqual([
      'vm-settings-delete',
      'vm-settings-firewall',
    ]);
    expect(await locations('country_code=eq.PT&sort=eq.2')).toEqual([]);
  });
});

describe('select, order, limit, offset, count', () => {
  it('returns only the selected columns', async () => {
    const r = await s.get('HostingLocations?select=id,country_code');
    expect(r.body).toEqual([
      { id: 'lisbon', country_code: 'PT' },
      { id: 'frankfurt', country_code: 'DE' },
    ]);
    expect(Object.keys((await s.get('HostingLocations?select=*')).body[0]).sort()).toEqual([
      'country',
      'country_code',
      'electricity_warning',
      'id',
      'name',
      'sort',
    ]);
  });

  it('orders ascending, descending and by several columns', async () => {
    expect(await claims('')).toEqual(ALL_CLAIMS);
    expect(await claims('order=claim.desc')).toEqual([...ALL_CLAIMS].reverse());
    expect(await locations('order=name.asc')).toEqual(['frankfurt', 'lisbon']);
    expect(await locations('order=sort.desc')).toEqual(['frankfurt', 'lisbon']);
    const four = 'name=in.(Europe/Lisbon,Europe/London,Europe/Berlin,Europe/Paris)';
    expect(await zones(`${four}&order=utc_offset.asc,name.desc`)).toEqual([
      'Europe/London',
      'Europe/Lisbon',
      'Europe/Paris',
      'Europe/Berlin',
    ]);
    expect(await zones(`${four}&order=utc_offset.desc,name.asc`)).toEqual([
      'Europe/Berlin',
      'Europe/Paris',
      'Europe/Lisbon',
      'Europe/London',
    ]);
  });

  it('pages with limit and offset', async () => {
    expect(await claims('limit=3&offset=2')).toEqual(ALL_CLAIMS.slice(2, 5));
    expect(await claims('limit=0')).toEqual([]);
    expect(await claims('offset=100')).toEqual([]);
  });

  it('answers Prefer: count=exact with a Content-Range of the page and the total', async () => {
    const n = ALL_CLAIMS.length;
    const range = async (qs: string) =>
      (await s.get(`MyClaims?${qs}`, token, { prefer: 'count=exact' })).headers.get('content-range');
    expect(await range('limit=2')).toBe(`0-1/${n}`);
    expect(await range(`offset=${n - 2}&limit=5`)).toBe(`${n - 2}-${n - 1}/${n}`);
    expect(await range('claim=like.vm-*&limit=1')).toBe('0-0/5');
    expect(await range('claim=eq.none')).toBe('*/0');
    expect((await s.get('MyClaims?limit=2', token)).headers.get('content-range')).toBeNull();
  });

  it(`caps a limit above ${MAX_LIMIT} at ${MAX_LIMIT}`, async () => {
    await s.db.owner.query(
      `INSERT INTO hosting_locations (id, name, country, country_code, sort) SELECT 'x' || g, 'X', 'X', 'XX', 10 + g FROM generate_series(1, 1100) g`,
    );
    try {
      const r = await s.get('HostingLocations?limit=5000&select=id', undefined, { prefer: 'count=exact' });
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(MAX_LIMIT);
      expect(r.headers.get('content-range')).toBe(`0-${MAX_LIMIT - 1}/1102`);
      expect((await s.get('HostingLocations?select=id')).body).toHaveLength(MAX_LIMIT);
    } finally {
      await s.db.owner.query(`DELETE FROM hosting_locations WHERE id LIKE 'x%'`);
    }
  });
});

describe('refusals in the error shape', () => {
  it('refuses unknown columns in filters, select and order with 400 UNKNOWN_COLUMN', async () => {
    for (const qs of [
      'nope=eq.1',
      'select=id,nope',
      'order=nope.asc',
      'constructor=eq.x',
      'select=toString',
      'order=__proto__',
      'hasOwnProperty=is.null',
    ]) {
      expectErrorShape(await s.get(`HostingLocations?${qs}`), 400, 'UNKNOWN_COLUMN');
    }
  });

  it('refuses unknown operators and order modifiers with 400 UNKNOWN_OPERATOR', async () => {
    for (const qs of [
      'sort=between.1',
      'sort=1',
      'sort=not.foo.1',
      'sort=constructor.1',
      'name=toString.x',
      'order=sort.sideways',
    ]) {
      expectErrorShape(await s.get(`HostingLocations?${qs}`), 400, 'UNKNOWN_OPERATOR');
    }
    // Comparisons that make no sense on a JSON column are refused too.
    for (const qs of ['voucher=eq.x', 'claims=in.(logs-see)']) {
      expectErrorShape(await s.get(`MyProfile?${qs}`, token), 400, 'UNKNOWN_OPERATOR');
    }
  });

  it('refuses values that do not fit the column type with 400 BAD_FILTER_VALUE', async () => {
    for (const qs of [
      'sort=eq.abc',
      'sort=in.(1,x)',
      'sort=eq.99999999999999',
      'electricity_warning=eq.maybe',
      'name=is.maybe',
      'name=is.true',
      'name=is.constructor',
      'sort=in.1,2',
      'limit=abc',
      'offset=-1',
      'limit=1;DROP TABLE users',
    ]) {
      expectErrorShape(await s.get(`HostingLocations?${qs}`), 400, 'BAD_FILTER_VALUE');
    }
    expectErrorShape(await s.get('MyProfile?id=eq.not-a-uuid', token), 400, 'BAD_FILTER_VALUE');
  });

  it('keeps SQL injection in values harmless and refuses it in column names', async () => {
    expect(await claims(`claim=eq.${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    expect(await claims(`claim=like.${encodeURIComponent("%' OR '1'='1")}`)).toEqual([]);
    expect(await claims(`claim=in.(${encodeURIComponent("x') OR true --")})`)).toEqual([]);
    const names = ['claim"; DROP TABLE users; --', 'claim" OR 1=1 --', '1; SELECT pg_sleep(1)'];
    for (const n of names) {
      expectErrorShape(await s.get(`MyClaims?${encodeURIComponent(n)}=eq.x`, token), 400, 'UNKNOWN_COLUMN');
      expectErrorShape(await s.get(`MyClaims?select=${encodeURIComponent(n)}`, token), 400, 'UNKNOWN_COLUMN');
      expectErrorShape(await s.get(`MyClaims?order=${encodeURIComponent(n)}`, token), 400, 'UNKNOWN_COLUMN');
    }
    expect(await scalar(s, 'SELECT count(*) FROM users')).toBeGreaterThan(0);
    expect(await claims('')).toEqual(ALL_CLAIMS);
  });
});

describe('buildQuery', () => {
  const cols = { id: 'int', name: 'text', ok: 'bool', at: 'timestamptz', data: 'json' } as const;
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return e instanceof AppError ? e.code : 'not an AppError';
    }
    return 'no error';
  };

  it('passes every filter value as a typed parameter and never inlines it', () => {
    const evil = "x' OR '1'='1";
    const q = buildQuery('SELECT * FROM t', cols, { name: `eq.${evil}`, id: 'gte.5', at: 'lt.2024-01-01T00:00:00Z' });
    expect(q.sql).toBe(
      `SELECT v."id", v."name", v."ok", v."at", v."data" FROM (SELECT * FROM t) v WHERE v."name" = $1::text AND v."id" >= $2::int AND v."at" < $3::timestamptz LIMIT ${MAX_LIMIT} OFFSET 0`,
    );
    expect(q.params).toEqual([evil, '5', '2024-01-01T00:00:00Z']);
    expect(q.sql).not.toContain('OR');
    expect(q.countSql).toBe(
      `SELECT count(*)::int AS n FROM (SELECT * FROM t) v WHERE v."name" = $1::text AND v."id" >= $2::int AND v."at" < $3::timestamptz`,
    );
  });

  it('builds in, is, like and not. conditions', () => {
    const q = buildQuery('S', cols, { id: 'in.(1,2,3)', ok: 'is.true', name: ['like.ab*', 'not.ilike.*z'], data: 'not.is.null' });
    expect(q.sql).toContain('v."id" = ANY($1::int[])');
    expect(q.sql).toContain('v."ok" IS TRUE');
    expect(q.sql).toContain('v."name"::text LIKE $2::text AND NOT (v."name"::text ILIKE $3::text)');
    expect(q.sql).toContain('NOT (v."data" IS NULL)');
    expect(q.params).toEqual([['1', '2', '3'], 'ab%', '%z']);
  });

  it('selects, orders, limits and offsets with whitelisted names only', () => {
    const q = buildQuery(
      'S',
      cols,
      { select: 'name,id', order: 'name.desc.nullslast,id', limit: '5000', offset: '20' },
      'id.desc',
    );
    expect(q.sql).toBe('SELECT v."name", v."id" FROM (S) v ORDER BY v."name" DESC NULLS LAST, v."id" ASC LIMIT 1000 OFFSET 20');
    expect([q.limit, q.offset]).toEqual([1000, 20]);
    expect(buildQuery('S', cols, {}, 'id.desc').sql).toContain('ORDER BY v."id" DESC LIMIT 1000 OFFSET 0');
    expect(buildQuery('S', cols, { limit: '7' }).sql).toMatch(/FROM \(S\) v LIMIT 7 OFFSET 0$/);
  });

  it('throws catalogue errors for unknown names, operators and bad values', () => {
    expect(code(() => buildQuery('S', cols, { nope: 'eq.1' }))).toBe('UNKNOWN_COLUMN');
    expect(code(() => buildQuery('S', cols, { valueOf: 'eq.1' }))).toBe('UNKNOWN_COLUMN');
    expect(code(() => buildQuery('S', cols, { select: 'id,"x"' }))).toBe('UNKNOWN_COLUMN');
    expect(code(() => buildQuery('S', cols, { id: 'approx.1' }))).toBe('UNKNOWN_OPERATOR');
    expect(code(() => buildQuery('S', cols, { data: 'gt.1' }))).toBe('UNKNOWN_OPERATOR');
    expect(code(() => buildQuery('S', cols, { id: 'eq.1.5' }))).toBe('BAD_FILTER_VALUE');
    expect(code(() => buildQuery('S', cols, { ok: 'eq.yes' }))).toBe('BAD_FILTER_VALUE');
    expect(code(() => buildQuery('S', cols, { id: 'is.true' }))).toBe('BAD_FILTER_VALUE');
    expect(code(() => buildQuery('S', cols, { offset: '1e3' }))).toBe('BAD_FILTER_VALUE');
  });
});
