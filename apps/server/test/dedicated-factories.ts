/**
 * Dedicated servers for tests (issue 17): a simulated BMC and its system, registered by staff
 * through RegisterBmc and rented to an account through DedicatedServerCreate, then read by the
 * sync (the one the call sends, and once more) — the way an operator would set one up.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_USERS, type TestServer } from './harness.js';
import { createSimulatedSystem } from '../src/drivers/baremetal/simulator-bmc.repository.js';
import { SIMULATED_BMC_ADMIN, type SimulatedSystemSpec } from '../src/drivers/baremetal/simulator-bmc-spec.js';
import { syncDedicatedServers } from '../src/modules/dedicated/dedicated-sync.js';

/** Per server: test files share a worker's modules, each with a server of its own. */
const staffTokens = new WeakMap<TestServer, string>();

/** The demo staff user's token (logged in once per server). */
export async function staffOf(s: TestServer): Promise<string> {
  let token = staffTokens.get(s);
  if (!token) {
    token = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    staffTokens.set(s, token);
  }
  return token;
}

export interface RentedServer {
  serial: string;
  bmc: string;
  bmcId: number;
}

/**
 * A server with its own simulated BMC, rented to `clientId` (or in stock without it, or handed over
 * from an install), its state and inventory read once. `system` overrides the simulated machine (reset types, drives, ...).
 */
export async function rentServer(
  s: TestServer,
  clientId: string | null,
  over: {
    system?: Partial<SimulatedSystemSpec>;
    baseCents?: number;
    location?: string;
    hostname?: string;
    /** Hand over this install's machine (its client, service and ordered price) instead. */
    install?: string;
  } = {},
): Promise<RentedServer> {
  const tag = crypto.randomBytes(4).toString('hex');
  const serial = `CZ${tag.toUpperCase()}`;
  const bmc = `sim-bmc-${tag}`;
  await createSimulatedSystem(s.db.owner, { bmc, serial, ...over.system });
  const staff = await staffOf(s);
  const reg = await s.rpc(
    'RegisterBmc',
    {
      p_name: bmc,
      p_driver: 'simulator',
      p_address: bmc,
      p_username: SIMULATED_BMC_ADMIN.username,
      p_password: SIMULATED_BMC_ADMIN.password,
    },
    staff,
  );
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const made = await s.rpc(
    'DedicatedServerCreate',
    {
      p_serial: serial,
      p_location: over.location ?? 'lisbon',
      p_hostname: over.hostname ?? `bm-${tag}`,
      p_model: 'ProLiant DL360 Gen10',
      p_cpu_family: 'Intel Xeon',
      p_cpu_name: 'Xeon Gold 6230',
      ...(over.install ? { p_install: over.install } : { p_base_cents: over.baseCents ?? 9900 }),
      p_bmc: reg.body.id,
      ...(clientId ? { p_client: clientId } : {}),
    },
    staff,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  // The call sent a DedicatedSync of its own: it must be over before a test changes what the sync
  // writes (a late one would put back the BMC's view over it).
  await s.jobsIdle();
  await syncDedicatedServers(s.jobDeps());
  return { serial, bmc, bmcId: reg.body.id as number };
}
