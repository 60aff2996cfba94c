/**
 * The pricing table (issue 5 'Billing'): the one cost function (vm_cost_breakdown), the daily
 * proration (prorate_cents) and what the monthly invoicing job bills with them — voucher only on
 * the base, backups +20% of the list price, Frankfurt's price list, proration by day in 30-, 31-
 * and 28-day months, trial days free, rounding to the cent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName } from '../src/jobs/job-types.js';
import { startTestServer, type TestServer } from './harness.js';
import {
  vmBackupCents,
  createBillingClient,
  createServedVm,
  createVoucher,
  invoicesOf,
  vmMonthlyCents,
} from './billing-factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

async function breakdown(
  model: string,
  coreType: string,
  location: string,
  disk: number,
  backups: boolean,
  snaps: number,
  ipv4: number,
  discount: number,
) {
  const r = await s.db.owner.query(
    `SELECT vm_cost_breakdown(m.id, $3, $4, $5, $6, $7, $8) AS b FROM vm_models m WHERE m.code = $1 AND m.core_type = $2`,
    [model, coreType, location, disk, backups, snaps, ipv4, discount],
  );
  return r.rows[0]!.b as Record<string, number>;
}
const prorate = async (monthly: number, days: number, monthDays: number) =>
  (await s.db.owner.query(`SELECT prorate_cents($1, $2, $3) AS c`, [monthly, days, monthDays])).rows[0]!.c as number;
const monthly = (month: string) => runJob(JobName.BillingMonthly, s.jobDeps(), { month });

describe('the cost function', () => {
  // S2R4 vCore: 10.00 € a month in Lisbon, 50 GB disk included.
  it('takes the voucher off the base cost only, not backups, disk, snapshots or IPv4', async () => {
    const full = await breakdown('S2R4', 'vcore', 'lisbon', 100, true, 10, 2, 0);
    const less = await breakdown('S2R4', 'vcore', 'lisbon', 100, true, 10, 2, 10);
    expect(full).toMatchObject({
      list_price: 1000,
      base_cost: 1000,
      additional_disk_gb: 50,
      additional_disk_cost_total: 150,
      backup_cost: 200,
      snapshots_cost: 30,
      external_ip_cost: 300,
      total_cost: 1680,
    });
    expect(less).toMatchObject({
      list_price: 1000,
      discount_percent: 10,
      base_cost: 900,
      additional_disk_cost_total: 150,
      backup_cost: 200,
      snapshots_cost: 30,
      external_ip_cost: 300,
      total_cost: 1580,
    });
  });

  it('charges backups at 20% of the server’s list price, whatever the voucher', async () => {
    const b = await breakdown('S4R16', 'dedicated-performance', 'lisbon', 100, true, 0, 0, 50);
    expect(b.list_price).toBe(6400);
    expect(b.backup_cost).toBe(1280);
    expect(b.base_cost).toBe(3200);
    expect((await breakdown('S4R16', 'dedicated-performance', 'lisbon', 100, false, 0, 0, 0)).backup_cost).toBe(0);
  });

  it('reads Frankfurt’s price list (15% dearer), backups following it', async () => {
    const lis = await breakdown('S2R4', 'vcore', 'lisbon', 50, true, 0, 0, 0);
    const fra = await breakdown('S2R4', 'vcore', 'frankfurt', 50, true, 0, 0, 0);
    expect(lis).toMatchObject({ list_price: 1000, backup_cost: 200, total_cost: 1200 });
    expect(fra).toMatchObject({ list_price: 1150, backup_cost: 230, total_cost: 1380 });
  });

  it('charges 0.03 € per GB a month for disk beyond the model’s', async () => {
    expect((await breakdown('S1R2', 'vcore', 'lisbon', 25, false, 0, 0, 0)).additional_disk_cost_total).toBe(0);
    expect((await breakdown('S1R2', 'vcore', 'lisbon', 125, false, 0, 0, 0)).additional_disk_cost_total).toBe(300);
  });
});

describe('proration by day', () => {
  it('charges 10 of 30 days as a third, and rounds to the nearest cent (halves up)', async () => {
    expect(await prorate(3000, 10, 30)).toBe(1000);
    expect(await prorate(1000, 1, 31)).toBe(32); // 32.26
    expect(await prorate(1000, 14, 28)).toBe(500);
    expect(await prorate(1001, 1, 3)).toBe(334); // 333.67
    expect(await prorate(5, 1, 2)).toBe(3); // 2.5
    expect(await prorate(1580, 31, 31)).toBe(1580);
  });
});

describe('the monthly invoice lines', () => {
  it('bills a server from the day it started: 10 of 30 days in April', async () => {
    const client = await createBillingClient(s.db);
    const vm = await createServedVm(s.db, { clientId: client, start: '2023-04-21', backups: true, diskGb: 45 });
    await monthly('2023-04');
    const [inv] = await invoicesOf(s.db, client);
    const full = await vmMonthlyCents(s.db, vm.provisionedId);
    const backup = await vmBackupCents(s.db, vm.provisionedId);
    expect(backup).toBeGreaterThan(0);
    // The server, and its backups on a line of their own.
    expect(inv.lines).toEqual([
      expect.objectContaining({
        from: '2023-04-21',
        to: '2023-04-30',
        days: 10,
        monthly: full - backup,
        amount: Math.round(((full - backup) * 10) / 30),
      }),
      expect.objectContaining({
        description: expect.stringMatching(/^Daily backups · /),
        from: '2023-04-21',
        to: '2023-04-30',
        days: 10,
        monthly: backup,
        amount: Math.round((backup * 10) / 30),
      }),
    ]);
    expect(inv.subtotal_cents).toBe(Math.round(((full - backup) * 10) / 30) + Math.round((backup * 10) / 30));
  });

  it('bills backups by the days they were on: enabled on the 10th, disabled on the 20th of September', async () => {
    const client = await createBillingClient(s.db);
    const vm = await createServedVm(s.db, { clientId: client, start: '2023-09-01' });
    await s.db.owner.query(
      `INSERT INTO vm_backup_periods (provisioned_id, client_id, enabled_on, disabled_on) VALUES ($1, $2, '2023-09-10', '2023-09-20')`,
      [vm.provisionedId, client],
    );
    await monthly('2023-09');
    const [inv] = await invoicesOf(s.db, client);
    const backup = await vmBackupCents(s.db, vm.provisionedId);
    expect(inv.lines).toHaveLength(2);
    expect(inv.lines[0]).toMatchObject({
      from: '2023-09-01',
      to: '2023-09-30',
      days: 30,
      amount: await vmMonthlyCents(s.db, vm.provisionedId),
    });
    expect(inv.lines[1]).toMatchObject({
      from: '2023-09-10',
      to: '2023-09-19',
      days: 10,
      monthly: backup,
      amount: Math.round((backup * 10) / 30),
    });
  });

  it('opens a backup period when backups are switched on and closes it when they are switched off', async () => {
    const client = await createBillingClient(s.db);
    const vm = await createServedVm(s.db, { clientId: client, start: '2023-09-01' });
    const periods = async () =>
      (
        await s.db.owner.query<{ on: string; off: string | null }>(
          `SELECT enabled_on::text AS on, disabled_on::text AS off FROM vm_backup_periods WHERE provisioned_id = $1 ORDER BY id`,
          [vm.provisionedId],
        )
      ).rows;
    expect(await periods()).toEqual([]);
    await s.db.owner.query(`UPDATE vms SET backups_enabled = true WHERE provisioned_id = $1`, [vm.provisionedId]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await periods()).toEqual([{ on: today, off: null }]);
    await s.db.owner.query(`UPDATE vms SET backups_enabled = false WHERE provisioned_id = $1`, [vm.provisionedId]);
    expect(await periods()).toEqual([{ on: today, off: today }]);
  });

  it('bills a whole 28-day February in full, and 15 days of a 31-day March', async () => {
    const client = await createBillingClient(s.db);
    const vm = await createServedVm(s.db, { clientId: client, start: '2023-02-01', end: '2023-03-15' });
    await monthly('2023-02');
    await monthly('2023-03');
    const full = await vmMonthlyCents(s.db, vm.provisionedId);
    const [feb, mar] = await invoicesOf(s.db, client);
    expect(feb.lines[0]).toMatchObject({ days: 28, amount: full });
    expect(mar.lines[0]).toMatchObject({ from: '2023-03-01', to: '2023-03-15', days: 15, amount: Math.round((full * 15) / 31) });
  });

  it('applies the account’s voucher to the base cost only, in Frankfurt’s prices', async () => {
    const client = await createBillingClient(s.db, { voucher: await createVoucher(s.db, 25) });
    await createServedVm(s.db, {
      clientId: client,
      cluster: 'fra-sim',
      model: 'S2R4',
      start: '2023-01-01',
      backups: true,
      diskGb: 60,
      snapshotsGb: 5,
      externalIpv4: 1,
    });
    await monthly('2023-01');
    // base 1150 less 25% = 863 (862.5 rounded), disk 10 GB 30, backups 230, snapshots 15, IPv4 150.
    const [inv] = await invoicesOf(s.db, client);
    expect(inv.lines[0]).toMatchObject({ monthly: 863 + 30 + 15 + 150, amount: 1058 });
    expect(inv.lines[1]).toMatchObject({ monthly: 230, amount: 230, days: 31 });
    expect(inv.subtotal_cents).toBe(1288);
  });

  it('charges nothing for trial days: a trial month issues no invoice, the kept server bills from the 1st', async () => {
    const client = await createBillingClient(s.db);
    const vm = await createServedVm(s.db, { clientId: client, start: '2023-06-12', trialUntil: '2023-06-30' });
    await monthly('2023-06');
    expect(await invoicesOf(s.db, client)).toEqual([]);
    await monthly('2023-07');
    const [jul] = await invoicesOf(s.db, client);
    expect(jul.lines[0]).toMatchObject({
      from: '2023-07-01',
      to: '2023-07-31',
      days: 31,
      amount: await vmMonthlyCents(s.db, vm.provisionedId),
    });
  });

  it('adds VAT rounded to the cent on the subtotal', async () => {
    const client = await createBillingClient(s.db, { country: 'FI' });
    await createServedVm(s.db, { clientId: client, start: '2023-09-01', end: '2023-09-07' });
    await monthly('2023-09');
    const [inv] = await invoicesOf(s.db, client);
    // S1R2: 5.00 € a month; 7 of 30 days = 116.67 → 117 cents; Finnish VAT 25.5% = 29.835 → 30.
    expect(inv).toMatchObject({ subtotal_cents: 117, vat_percent: 25.5, vat_cents: 30, total_cents: 147 });
  });
});
