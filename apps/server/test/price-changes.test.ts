/**
 * Dated price changes (issue 18, migration 0040) through the API and SQL: price_on answers a
 * price list's own column until a change starts and the change from its day on; a change for a
 * day still to come can be replaced or withdrawn (PriceChangeCancel, audited), a started one is
 * history; past days and days too far ahead are refused and change nothing. PriceChanges is staff's.
 */
import { addDays } from '@portside/contract/rules/price-dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulePrice } from '../src/modules/prices/price-changes.service.js';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { expectErrorShape, newAccount, scalar } from './factories.js';

let s: TestServer;
let staff: string;
let staffId: string;
let customer: string;
let today: string;

const priceOn = async (item: string, day: string, base: number) =>
  Number((await s.db.owner.query(`SELECT price_on($1, $2::date, $3)::text AS p`, [item, day, base])).rows[0].p);
const schedule = (item: string, cents: number, from: string) =>
  s.db.system((tx) => schedulePrice(tx, staffId, item, cents, from));
const changes = async (item: string) =>
  ((await s.get(`PriceChanges?item=eq.${encodeURIComponent(item)}`, staff)).body as Json[]).map((c) => [
    c.cents,
    c.effective_from,
    c.started,
  ]);

beforeAll(async () => {
  s = await startTestServer();
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  staffId = (await s.db.owner.query(`SELECT id FROM users WHERE email = $1`, [DEMO_USERS.staff.email])).rows[0].id;
  customer = (await newAccount(s)).token;
  today = (await s.db.owner.query(`SELECT (now() AT TIME ZONE 'UTC')::date::text AS d`)).rows[0].d;
});
afterAll(async () => s?.stop());

describe('price_on', () => {
  it("answers the list's own price until a change starts, and each change from its day on", async () => {
    const item = 'test_list:a';
    await schedule(item, 1200, addDays(today, 10));
    await schedule(item, 1500.5, addDays(today, 40));
    expect(await priceOn(item, today, 1000)).toBe(1000);
    expect(await priceOn(item, addDays(today, 9), 1000)).toBe(1000);
    expect(await priceOn(item, addDays(today, 10), 1000)).toBe(1200);
    expect(await priceOn(item, addDays(today, 39), 1000)).toBe(1200);
    expect(await priceOn(item, addDays(today, 400), 1000)).toBe(1500.5);
    // Another item's changes are its own.
    expect(await priceOn('test_list:b', addDays(today, 400), 700)).toBe(700);
    const days = await s.db.owner.query(`SELECT d::text FROM price_change_days(ARRAY[$1], $2::date, $3::date) d`, [
      item,
      today,
      addDays(today, 40),
    ]);
    expect(days.rows.map((r) => r.d)).toEqual([addDays(today, 10), addDays(today, 40)]);
  });

  it('applies a change dated today at once, and a second change for a day still to come replaces the first', async () => {
    const item = 'test_list:c';
    await schedule(item, 900, today);
    expect(await priceOn(item, today, 1000)).toBe(900);
    await schedule(item, 800, addDays(today, 5));
    await schedule(item, 850, addDays(today, 5));
    expect(await changes(item)).toEqual([
      ['850.00', addDays(today, 5), false],
      ['900.00', today, true],
    ]);
  });
});

describe('the day rules', () => {
  it('refuses a past day and a day beyond the lead limit, changing nothing', async () => {
    const item = 'test_list:d';
    await expect(schedule(item, 100, addDays(today, -1))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      over: { details: 'p_effective_from: price_date_past' },
    });
    await expect(schedule(item, 100, addDays(today, 731))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      over: { details: 'p_effective_from: price_date_too_far' },
    });
    expect(await scalar(s, `SELECT count(*) FROM price_changes WHERE item = $1`, [item])).toBe(0);
  });

  it('never rewrites a change that has started', async () => {
    const item = 'test_list:e';
    await schedule(item, 500, today);
    await expect(schedule(item, 600, today)).rejects.toMatchObject({ code: 'PRICE_CHANGE_STARTED' });
    expect(await priceOn(item, today, 1000)).toBe(500);
  });
});

describe('PriceChangeCancel and PriceChanges', () => {
  it('withdraws a change still to come, audited, and refuses a started one, an unknown one and customers', async () => {
    const item = 'test_list:f';
    const future = (await schedule(item, 2000, addDays(today, 20))).id;
    const started = (await schedule(item, 1900, today)).id;

    expectErrorShape(await s.rpc('PriceChangeCancel', { p_id: future }, customer), 403, 'ROLE_REQUIRED');
    expectErrorShape(await s.get('PriceChanges', customer), 403, 'ROLE_REQUIRED');
    expectErrorShape(await s.rpc('PriceChangeCancel', { p_id: started }, staff), 409, 'PRICE_CHANGE_STARTED');
    expectErrorShape(await s.rpc('PriceChangeCancel', { p_id: 99_999_999 }, staff), 404, 'PRICE_CHANGE_NOT_FOUND');
    expectErrorShape(await s.rpc('PriceChangeCancel', { p_id: 'x' }, staff), 400, 'VALIDATION_FAILED');

    const r = await s.rpc('PriceChangeCancel', { p_id: future }, staff);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await changes(item)).toEqual([['1900.00', today, true]]);
    const log = await s.db.owner.query(
      `SELECT target FROM audit_log WHERE action = 'PriceChangeCancel' ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.stringify(log.rows[0])).toContain(item);
    expectErrorShape(await s.rpc('PriceChangeCancel', { p_id: future }, staff), 404, 'PRICE_CHANGE_NOT_FOUND');
  });

  it('lists who set each change', async () => {
    const item = 'test_list:g';
    await schedule(item, 10, addDays(today, 3));
    const rows = (await s.get(`PriceChanges?item=eq.${item}`, staff)).body as Json[];
    expect(rows).toEqual([
      expect.objectContaining({
        item,
        cents: '10.00',
        started: false,
        created_by: DEMO_USERS.staff.email,
        created_at: expect.any(String),
      }),
    ]);
  });
});
