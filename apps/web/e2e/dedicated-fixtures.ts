/**
 * Dedicated servers for the browser tests, made the way an operator would: a server on a simulated
 * BMC rented to an account (the API tests' rentServer: RegisterBmc, DedicatedServerCreate, one
 * sync), and a server being installed (ServerInstallCreate from a dedicated offer, moved on with
 * ServerInstallStep).
 */
import { expect } from 'vitest';
import { INSTALL_STEPS, type InstallStep } from '@portside/contract/schemas/dedicated';
import { rentServer } from '../../server/test/dedicated-factories.js';
import type { E2E } from './harness';

/** A server on its own simulated BMC, rented to `clientId`; answers its serial and hostname. */
export async function createDedicatedServer(
  e2e: E2E,
  clientId: string,
  opts: { hostname: string },
): Promise<{ serial: string; hostname: string; bmc: string }> {
  const hostname = `${opts.hostname}-${Date.now().toString(36)}`;
  const made = await rentServer(e2e.server, clientId, { hostname });
  return { serial: made.serial, hostname, bmc: made.bmc };
}

/** The machine of an install (from an order) handed over to its client; answers its serial. */
export async function handOverInstall(e2e: E2E, install: string, hostname: string): Promise<{ serial: string }> {
  const made = await rentServer(e2e.server, null, { hostname, install });
  return { serial: made.serial };
}

/** A server ordered for `clientId` and moved on to `step`; answers its serial and hostname. */
export async function createServerInstall(
  e2e: E2E,
  staff: string,
  clientId: string,
  opts: { hostname: string; step: InstallStep },
): Promise<{ serial: string; hostname: string }> {
  const hostname = `${opts.hostname}-${Date.now().toString(36)}`;
  const offer = (await e2e.server.get('ServerOffers?location=eq.lisbon&limit=1')).body[0];
  const made = await e2e.server.rpc(
    'ServerInstallCreate',
    { p_client: clientId, p_offer: offer.offer_id, p_hostname: hostname },
    staff,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const serial = made.body.serial as string;
  for (const step of INSTALL_STEPS.slice(1, INSTALL_STEPS.indexOf(opts.step) + 1)) {
    const moved = await e2e.server.rpc('ServerInstallStep', { p_serial: serial, p_step: step }, staff);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { serial, hostname };
}
