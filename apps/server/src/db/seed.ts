import type pg from 'pg';
import { seedDemoVms } from './seed-vms.js';
import { seedDemoVmData } from './seed-vm-data.js';
import { OPERATOR_CLAIMS } from '@portside/contract/constants';
import { hashPassword } from '../modules/auth/auth.service.js';
import { seedDemoProjects } from './seed-projects.js';
import { seedBilling } from './seed-billing.js';
import { seedDemoInvoices } from './seed-invoices.js';
import { seedServices } from './seed-services.js';
import { seedDemoTickets } from './seed-tickets.js';
import { seedDemoDedicated, seedIpmiGateways } from './seed-dedicated.js';
import { DEMO_REFERRED, seedDemoReseller } from './seed-reseller.js';
import { seedDemoVpn } from './seed-vpn.js';
import { seedDemoRouters } from './seed-routers.js';

/** The demo accounts listed in the README. */
export const DEMO_USERS = {
  demo: { email: 'demo@portside.test', password: 'demo1234' },
  sub: { email: 'sub@portside.test', password: 'sub12345' },
  other: { email: 'other@portside.test', password: 'other123' },
  staff: { email: 'staff@portside.test', password: 'staff123' },
  finance: { email: 'finance@portside.test', password: 'finance1' },
  reseller: { email: 'reseller@portside.test', password: 'reseller1' },
} as const;

const CORE_TYPES = [
  {
    code: 'dedicated-windows',
    name: 'Dedicated core — Windows optimised',
    description: 'Dedicated CPU cores tuned for Windows Server',
    factor: 2.2,
    sort: 1,
  },
  {
    code: 'dedicated-performance',
    name: 'Dedicated core — high performance',
    description: 'Virtual dedicated server with dedicated CPU cores',
    factor: 2,
    sort: 2,
  },
  { code: 'vcore', name: 'vCore — shared', description: 'Shared CPU cores, best price', factor: 1, sort: 3 },
];
const SIZES: Array<[number, number]> = [
  [1, 2],
  [2, 4],
  [2, 8],
  [4, 8],
  [4, 16],
  [8, 16],
  [8, 32],
  [16, 32],
  [16, 64],
];

interface AccountSeed {
  email: string;
  password: string;
  first: string;
  last: string;
  company?: string;
  country: string;
  city: string;
  voucher?: string;
  roles?: string[];
}

async function ensureAccount(
  c: pg.PoolClient,
  a: AccountSeed,
  owner = true,
  clientId?: string,
): Promise<{ userId: string; clientId: string }> {
  const existing = await c.query<{ id: string; client_id: string }>(
    `SELECT id, client_id FROM users WHERE lower(email) = lower($1)`,
    [a.email],
  );
  if (existing.rows[0]) return { userId: existing.rows[0].id, clientId: existing.rows[0].client_id };
  let cid = clientId;
  if (!cid) {
    const r = await c.query<{ id: string }>(
      `INSERT INTO clients (first_name, last_name, company_name, address, city, country, phone_prefix, phone_number, state,
                            postcode, voucher_code, timezone, verification_status)
       VALUES ($1, $2, $3, 'Rua Augusta 100', $4, $5, '+351', '912345678', 'Lisboa', '1100-053', $6, 'Europe/Lisbon', 'approved')
       RETURNING id`,
      [a.first, a.last, a.company ?? null, a.city, a.country, a.voucher ?? null],
    );
    cid = r.rows[0]!.id;
    await c.query(`INSERT INTO projects (client_id, name, is_default) VALUES ($1, 'default', true)`, [cid]);
  }
  const u = await c.query<{ id: string }>(
    `INSERT INTO users (client_id, email, password_hash, first_name, last_name, is_owner, email_confirmed_at, roles)
     VALUES ($1, $2, $3, $4, $5, $6, now(), $7) RETURNING id`,
    [cid, a.email, await hashPassword(a.password), a.first, a.last, owner, a.roles ?? []],
  );
  return { userId: u.rows[0]!.id, clientId: cid };
}

async function grant(c: pg.PoolClient, who: { userId: string; clientId: string }, claims: readonly string[]): Promise<void> {
  for (const claim of claims) {
    await c.query(`INSERT INTO user_claims (user_id, client_id, claim) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      who.userId,
      who.clientId,
      claim,
    ]);
  }
}

/** Idempotent: reference data is upserted, accounts are created only when missing. */
export async function seed(pool: pg.Pool): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query(
      `INSERT INTO hosting_locations (id, name, country, country_code, electricity_warning, sort) VALUES
         ('lisbon', 'Lisbon', 'Portugal', 'PT', false, 1), ('frankfurt', 'Frankfurt', 'Germany', 'DE', true, 2)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, country = EXCLUDED.country, country_code = EXCLUDED.country_code,
         electricity_warning = EXCLUDED.electricity_warning, sort = EXCLUDED.sort`,
    );
    for (const t of CORE_TYPES) {
      await c.query(
        `INSERT INTO core_types (code, name, description, sort) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, sort = EXCLUDED.sort`,
        [t.code, t.name, t.description, t.sort],
      );
      for (const [cores, ram] of SIZES) {
        const price = Math.round((cores * 200 + ram * 150) * t.factor);
        await c.query(
          `INSERT INTO vm_models (code, core_type, cores, ram_gb, disk_gb, monthly_price_cents) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (code, core_type) DO UPDATE SET cores = EXCLUDED.cores, ram_gb = EXCLUDED.ram_gb,
             disk_gb = EXCLUDED.disk_gb, monthly_price_cents = EXCLUDED.monthly_price_cents`,
          [`S${cores}R${ram}`, t.code, cores, ram, Math.max(25, cores * 25), price],
        );
      }
    }
    await seedBilling(c);
    // Dedicated-server offers per location (migration 0014).
    await c.query(`SELECT seed_server_offers()`);
    await c.query(
      `INSERT INTO vouchers (code, notes, valid_to, discount_percent)
       VALUES ('WELCOME10', '10% off the base server cost', (current_date + interval '1 year')::date, 10)
       ON CONFLICT (code) DO NOTHING`,
    );
    const demo = await ensureAccount(c, {
      ...DEMO_USERS.demo,
      first: 'Dana',
      last: 'Demo',
      company: 'Demo Lda',
      country: 'PT',
      city: 'Lisbon',
      voucher: 'WELCOME10',
    });
    const sub = await ensureAccount(
      c,
      { ...DEMO_USERS.sub, first: 'Sam', last: 'Sub', country: 'PT', city: 'Lisbon' },
      false,
      demo.clientId,
    );
    await grant(c, sub, ['menu-see-cloud-servers']);
    await seedDemoProjects(c, demo.clientId);
    await ensureAccount(c, { ...DEMO_USERS.other, first: 'Olga', last: 'Other', country: 'DE', city: 'Frankfurt' });
    const staff = await ensureAccount(c, {
      ...DEMO_USERS.staff,
      first: 'Stefan',
      last: 'Staff',
      company: 'Portside Operations',
      country: 'PT',
      city: 'Lisbon',
      roles: ['staff'],
    });
    await grant(c, staff, OPERATOR_CLAIMS);
    await ensureAccount(
      c,
      { ...DEMO_USERS.finance, first: 'Fiona', last: 'Finance', country: 'PT', city: 'Lisbon', roles: ['finance'] },
      false,
      staff.clientId,
    );
    // The demo reseller and the two clients it brought (seed-reseller.ts adds the rest).
    await ensureAccount(c, {
      ...DEMO_USERS.reseller,
      first: 'Rui',
      last: 'Revendedor',
      company: 'Revenda Digital Lda',
      country: 'PT',
      city: 'Porto',
    });
    await ensureAccount(c, {
      ...DEMO_REFERRED.clara,
      first: 'Clara',
      last: 'Cliente',
      company: 'Clara Design Lda',
      country: 'PT',
      city: 'Lisbon',
    });
    await ensureAccount(c, {
      ...DEMO_REFERRED.bruno,
      first: 'Bruno',
      last: 'Kunde',
      company: 'Kunde Apps GmbH',
      country: 'DE',
      city: 'Frankfurt',
    });
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
  // After the accounts' commit, on connections of its own (the pool may hold just one).
  await seedDemoVms(pool, { demo: DEMO_USERS.demo.email, other: DEMO_USERS.other.email });
  await seedDemoVpn(pool, DEMO_USERS.demo.email);
  await seedDemoVmData(pool);
  // Services first (with their history); the invoices then bill them.
  await seedServices(pool, { demo: DEMO_USERS.demo.email, other: DEMO_USERS.other.email });
  await seedDemoInvoices(pool, DEMO_USERS.demo.email);
  await seedDemoTickets(pool, { demo: DEMO_USERS.demo.email, staff: DEMO_USERS.staff.email });
  await seedIpmiGateways(pool);
  await seedDemoDedicated(pool, DEMO_USERS.demo.email);
  await seedDemoRouters(pool);
  await seedDemoReseller(pool, {
    reseller: DEMO_USERS.reseller.email,
    clara: DEMO_REFERRED.clara.email,
    bruno: DEMO_REFERRED.bruno.email,
  });
}
