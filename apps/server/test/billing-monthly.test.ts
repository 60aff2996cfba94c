/**
 * The monthly invoicing job (billing.monthly): one invoice per account and month whatever runs
 * twice or at once, numbers without gaps, no half invoice after a failure, nothing for a month that
 * comes to zero, the days an order invoice covered not billed again, VAT by the customer's country,
 * and no invoice at all (never one without VAT) for an account whose country is not a known code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { runMonthlyInvoicing } from '../src/modules/billing/monthly-invoicing.js';
import { startTestServer, type LogRecord, type TestServer } from './harness.js';
import { createBillingClient, createOrder, createServedVm, invoicesOf, vmMonthlyCents } from './billing-factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const monthly = (month?: string) => runJob(JobName.BillingMonthly, s.jobDeps(), month === undefined ? {} : { month });
const serial = (n: string) => Number(n.slice(-6));
const yearOf = (n: string) => n.slice(3, 7);
const lastNumber = async () =>
  Number(
    (
      await s.db.owner.query(
        `SELECT coalesce(max(last_number), 0) AS n FROM invoice_counters WHERE year = extract(year FROM current_date)`,
      )
    ).rows[0]!.n,
  );

describe('billing.monthly', () => {
  // Every server here ends within the month its test runs, so one test's runs never bill another's.
  it('issues each account’s month once: a second run changes nothing', async () => {
    const client = await createBillingClient(s.db);
    await createServedVm(s.db, { clientId: client, start: '2023-05-03', end: '2023-05-31' });
    const first = await monthly('2023-05');
    expect(first.status).toBe(JobStatus.Success);
    const before = await invoicesOf(s.db, client);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ kind: 'monthly', period_start: '2023-05-01', status: 'open', paid_cents: 0 });
    const counter = await lastNumber();
    expect((await monthly('2023-05')).status).toBe(JobStatus.Skipped);
    expect(await invoicesOf(s.db, client)).toEqual(before);
    expect(await lastNumber()).toBe(counter);
  });

  it('numbers invoices without gaps when two runs go at once for many accounts', async () => {
    const clients: string[] = [];
    for (let i = 0; i < 8; i++) {
      const c = await createBillingClient(s.db);
      await createServedVm(s.db, { clientId: c, start: '2023-08-01', end: '2023-08-31' });
      clients.push(c);
    }
    const start = await lastNumber();
    const [a, b] = await Promise.all([runMonthlyInvoicing(s.jobDeps(), '2023-08'), runMonthlyInvoicing(s.jobDeps(), '2023-08')]);
    expect(a.issued + b.issued).toBe(8);
    expect(a.failed + b.failed).toBe(0);
    const numbers = (await Promise.all(clients.map((c) => invoicesOf(s.db, c)))).map((rows) => {
      expect(rows).toHaveLength(1);
      return rows[0].number as string;
    });
    const serials = numbers.map(serial).sort((x, y) => x - y);
    expect(serials).toEqual(Array.from({ length: 8 }, (_, i) => start + 1 + i));
    expect(new Set(numbers.map(yearOf))).toEqual(new Set([String(new Date().getUTCFullYear())]));
    expect(await lastNumber()).toBe(start + 8);
  });

  it('leaves no half invoice and no gap when an account fails mid-way; the next run completes it', async () => {
    const ok = await createBillingClient(s.db);
    const broken = await createBillingClient(s.db);
    await createServedVm(s.db, { clientId: ok, start: '2023-10-01', end: '2023-10-31' });
    await createServedVm(s.db, { clientId: broken, start: '2023-10-01', end: '2023-10-31' });
    // The lines of the broken account fail after its invoice row (and number) were written.
    await s.db.owner.query(`CREATE FUNCTION fail_lines() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.client_id = '${broken}' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`);
    await s.db.owner.query(`CREATE TRIGGER fail_lines BEFORE INSERT ON invoice_lines FOR EACH ROW EXECUTE FUNCTION fail_lines()`);
    const start = await lastNumber();
    const logs: LogRecord[] = [];
    const r = await runJob(
      JobName.BillingMonthly,
      s.jobDeps((m) => logs.push(m)),
      { month: '2023-10' },
    );
    expect(r.status).toBe(JobStatus.Failed);
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: 'monthly invoice failed', month: '2023-10', client: broken, err: 'disk full' }),
    );
    expect(await invoicesOf(s.db, broken)).toEqual([]);
    expect(serial((await invoicesOf(s.db, ok))[0].number)).toBe(start + 1);
    expect(await lastNumber()).toBe(start + 1);

    await s.db.owner.query(`DROP TRIGGER fail_lines ON invoice_lines; DROP FUNCTION fail_lines()`);
    expect((await monthly('2023-10')).status).toBe(JobStatus.Success);
    const [fixed] = await invoicesOf(s.db, broken);
    expect(serial(fixed.number)).toBe(start + 2);
    expect(fixed.lines).toHaveLength(1);
    expect(await invoicesOf(s.db, ok)).toHaveLength(1);
  });

  it('issues nothing for a month that comes to zero, and uses no number', async () => {
    const client = await createBillingClient(s.db);
    await createServedVm(s.db, { clientId: client, start: '2023-11-05', trialUntil: '2023-11-30' });
    const start = await lastNumber();
    await runMonthlyInvoicing(s.jobDeps(), '2023-11');
    expect(await invoicesOf(s.db, client)).toEqual([]);
    expect(await lastNumber()).toBe(start);
  });

  it('does not bill again the order month the order invoice charged; bills from the next month on', async () => {
    const client = await createBillingClient(s.db);
    const orderId = await createOrder(s.db, {
      clientId: client,
      createdAt: '2023-12-10T09:00:00Z',
      paid: true,
      items: [{ hostname: 'ordered.example', monthlyCents: 500, firstChargeCents: 355 }],
    });
    const vm = await createServedVm(s.db, { clientId: client, start: '2023-12-10', end: '2024-01-31', orderId });
    await runMonthlyInvoicing(s.jobDeps(), '2023-12');
    expect(await invoicesOf(s.db, client)).toEqual([]);
    await runMonthlyInvoicing(s.jobDeps(), '2024-01');
    const [jan] = await invoicesOf(s.db, client);
    expect(jan.lines).toEqual([
      expect.objectContaining({ from: '2024-01-01', days: 31, amount: await vmMonthlyCents(s.db, vm.provisionedId) }),
    ]);
  });

  it('stops at the service’s end date and the day its VM was deleted', async () => {
    const client = await createBillingClient(s.db);
    await createServedVm(s.db, { clientId: client, start: '2022-03-01', end: '2024-02-10' });
    const gone = await createServedVm(s.db, { clientId: client, start: '2022-03-01' });
    await s.db.owner.query(`UPDATE vms SET state = 'deleted', deleted_at = '2024-02-20T12:00:00Z' WHERE provisioned_id = $1`, [
      gone.provisionedId,
    ]);
    await runMonthlyInvoicing(s.jobDeps(), '2024-02');
    const [feb] = await invoicesOf(s.db, client);
    expect(feb.lines.map((l: { to: string; days: number }) => [l.to, l.days])).toEqual([
      ['2024-02-10', 10],
      ['2024-02-20', 20],
    ]);
  });

  it('charges VAT by the customer: Portuguese 23%, reverse charge for an EU business, none outside the EU', async () => {
    const pt = await createBillingClient(s.db, { country: 'PT', vatNumber: 'PT123456789' });
    const de = await createBillingClient(s.db, { country: 'DE', vatNumber: 'DE811907980' });
    const dePrivate = await createBillingClient(s.db, { country: 'DE' });
    const us = await createBillingClient(s.db, { country: 'US' });
    for (const c of [pt, de, dePrivate, us])
      await createServedVm(s.db, { clientId: c, start: '2022-01-01', end: '2022-01-31', model: 'S2R4' });
    await runMonthlyInvoicing(s.jobDeps(), '2022-01');
    const vat = async (c: string) => {
      const [i] = await invoicesOf(s.db, c);
      return {
        percent: i.vat_percent,
        note: i.vat_note,
        vat: i.vat_cents,
        total: i.total_cents,
        vatNumber: i.bill_to.vat_number,
      };
    };
    expect(await vat(pt)).toEqual({ percent: 23, note: null, vat: 230, total: 1230, vatNumber: 'PT123456789' });
    expect(await vat(de)).toEqual({ percent: 0, note: 'reverse-charge', vat: 0, total: 1000, vatNumber: 'DE811907980' });
    expect(await vat(dePrivate)).toEqual({ percent: 19, note: null, vat: 190, total: 1190, vatNumber: null });
    expect(await vat(us)).toEqual({ percent: 0, note: 'outside-eu', vat: 0, total: 1000, vatNumber: null });
  });

  it('skips and logs an account whose billing country is not a known code, invoicing it with its VAT once corrected', async () => {
    const ok = await createBillingClient(s.db, { country: 'PT' });
    const narnia = await createBillingClient(s.db, { country: 'Narnia' });
    for (const c of [ok, narnia])
      await createServedVm(s.db, { clientId: c, start: '2021-06-01', end: '2021-06-30', model: 'S2R4' });
    const start = await lastNumber();
    const logs: LogRecord[] = [];
    const r = await runJob(
      JobName.BillingMonthly,
      s.jobDeps((m) => logs.push(m)),
      { month: '2021-06' },
    );
    expect(r.status).toBe(JobStatus.Failed);
    expect(r.detail).toContain('1 skipped for an invalid billing country');
    expect(logs).toContainEqual(
      expect.objectContaining({
        msg: expect.stringContaining('monthly invoice skipped: the billing country is not an ISO 3166 code'),
        month: '2021-06',
        client: narnia,
        country: 'Narnia',
      }),
    );
    expect(await invoicesOf(s.db, narnia)).toEqual([]);
    expect(serial((await invoicesOf(s.db, ok))[0].number)).toBe(start + 1);
    expect(await lastNumber()).toBe(start + 1);

    await s.db.owner.query(`UPDATE clients SET country = 'PT' WHERE id = $1`, [narnia]);
    expect((await monthly('2021-06')).status).toBe(JobStatus.Success);
    const [fixed] = await invoicesOf(s.db, narnia);
    expect({ percent: fixed.vat_percent, note: fixed.vat_note, vat: fixed.vat_cents }).toEqual({
      percent: 23,
      note: null,
      vat: Math.round(fixed.subtotal_cents * 0.23),
    });
    expect(await invoicesOf(s.db, ok)).toHaveLength(1);
  });

  it('keeps the billing details as they were, due 14 days after issue', async () => {
    const client = await createBillingClient(s.db, { company: 'Snapshot Lda', vatNumber: 'PT999999990' });
    await createServedVm(s.db, { clientId: client, start: '2022-02-01', end: '2022-02-28' });
    await runMonthlyInvoicing(s.jobDeps(), '2022-02', new Date('2026-11-01T02:00:00Z'));
    await s.db.owner.query(`UPDATE clients SET company_name = 'Renamed Lda', vat_number = NULL WHERE id = $1`, [client]);
    const [inv] = await invoicesOf(s.db, client);
    expect(inv.bill_to).toEqual({
      name: 'Bea Billing',
      company: 'Snapshot Lda',
      address_lines: ['Rua do Ouro 12', '1100-060 Lisboa', 'Lisboa'],
      country: 'PT',
      vat_number: 'PT999999990',
    });
    expect([inv.issued_on, inv.due_on]).toEqual(['2026-11-01', '2026-11-15']);
  });

  it('defaults to the month that just ended and refuses a payload that is not a month', async () => {
    expect(await monthly('2023-13')).toMatchObject({ status: JobStatus.Failed, detail: 'not a month (YYYY-MM): 2023-13' });
    const now = new Date();
    const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    expect((await monthly()).detail).toMatch(new RegExp(`^${prev}: `));
  });
});
