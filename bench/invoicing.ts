/**
 * The monthly invoicing job on a real (embedded) PostgreSQL: how long one month's run takes for
 * many accounts with several cloud servers each (invoices, lines and mails per second), that a
 * second run issues nothing (idempotent), and that the invoice numbers have no gap.
 * Run: `npx tsx bench/invoicing.ts [accounts=300] [servers per account=3]`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { bootDatabase } from '../apps/server/src/db/boot.js';
import { createMailer } from '../apps/server/src/drivers/mail/mailer.js';
import { runMonthlyInvoicing } from '../apps/server/src/modules/billing/monthly-invoicing.js';
import { silentLogger } from '../apps/server/src/logger.js';

const accounts = Number(process.argv[2] ?? 300);
const perAccount = Number(process.argv[3] ?? 3);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-bench-'));
const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir, logLevel: 'silent' as const };
const booted = await bootDatabase(config);
const db = booted.db;
const owner = db.owner;

try {
  // Accounts with an owner, a default project, servers on the Lisbon cluster and their services,
  // all started before last month (so the whole month is billed).
  const t0 = performance.now();
  await owner.query(
    `WITH c AS (
       INSERT INTO clients (first_name, last_name, address, city, country, phone_prefix, phone_number, state, postcode, verification_status)
       SELECT 'Bench', 'Account ' || g, 'Rua 1', 'Lisboa', CASE WHEN g % 3 = 0 THEN 'DE' ELSE 'PT' END, '+351', '900000000', 'Lisboa', '1000-001', 'approved'
         FROM generate_series(1, $1) g RETURNING id)
     INSERT INTO users (client_id, email, password_hash, first_name, last_name, is_owner, email_confirmed_at)
     SELECT id, 'bench-' || id || '@bench.test', 'x', 'Bench', 'Owner', true, now() FROM c`,
    [accounts],
  );
  await owner.query(
    `INSERT INTO projects (client_id, name, is_default) SELECT client_id, 'default', true FROM users WHERE email LIKE 'bench-%'`,
  );
  await owner.query(
    `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, power_status, locked, backups_enabled, created_at, last_seen_at)
     SELECT u.client_id, p.id, c.id, 'lis-node1', 100000 + row_number() OVER (), 'bench-' || row_number() OVER (), m.id, m.disk_gb + 20, 'RUNNING', 'off', g % 2 = 0,
            date_trunc('month', now()) - interval '3 months', now()
       FROM users u JOIN projects p ON p.client_id = u.client_id, generate_series(1, $1) g, clusters c, vm_models m
      WHERE u.email LIKE 'bench-%' AND c.name = 'lis-sim' AND m.code = 'S2R4' AND m.core_type = 'vcore'`,
    [perAccount],
  );
  await owner.query(
    `INSERT INTO services (client_id, category, description, provisioned_id, start_date, min_cancel_date, monthly_cents)
     SELECT v.client_id, 'cloud-server', 'Cloud server ' || v.name, v.provisioned_id, v.created_at::date, v.created_at::date + 30, 1000
       FROM vms v WHERE v.name LIKE 'bench-%'`,
  );
  const seeded = (performance.now() - t0) / 1000;

  const deps = {
    db,
    mailer: createMailer(db, { smtpUrl: null, from: 'billing@portside.test' }),
    secrets: booted.secrets,
    config,
    logger: silentLogger,
  };
  const month = (() => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - 1);
    return d.toISOString().slice(0, 7);
  })();
  const before = Number((await owner.query(`SELECT count(*) FROM invoices`)).rows[0].count);

  const t1 = performance.now();
  const first = await runMonthlyInvoicing(deps, month);
  const firstSecs = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  const second = await runMonthlyInvoicing(deps, month);
  const secondSecs = (performance.now() - t2) / 1000;

  const lines = Number(
    (
      await owner.query(
        `SELECT count(*) FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.period_start = $1::date`,
        [`${month}-01`],
      )
    ).rows[0].count,
  );
  const numbers = (
    await owner.query<{ n: number }>(`SELECT substring(number from 9)::int AS n FROM invoices ORDER BY 1`)
  ).rows.map((r) => r.n);
  const gapless = numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);

  console.log(
    `Portside monthly invoicing — ${os.cpus().length} cores, ${accounts} accounts × ${perAccount} servers (seeded in ${seeded.toFixed(1)} s), month ${month}`,
  );
  console.log(
    `first run   ${first.issued} invoices (${lines} lines, ${first.mailed} mails) in ${firstSecs.toFixed(2)} s — ${(first.issued / firstSecs).toFixed(0)} invoices/s, ${(lines / firstSecs).toFixed(0)} lines/s; failed ${first.failed}`,
  );
  console.log(
    `second run  ${second.issued} new invoices, ${second.existing} existing, in ${secondSecs.toFixed(2)} s (idempotent: ${second.issued === 0 ? 'yes' : 'NO'})`,
  );
  console.log(`numbers     ${numbers.length} invoices in all (${before} before), gapless: ${gapless ? 'yes' : 'NO'}`);
  if (second.issued !== 0 || !gapless || first.failed > 0) process.exitCode = 1;
} finally {
  await booted.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
