/**
 * Dedicated servers' power functions (issue 17): queued as a job, sent to the BMC once, followed to
 * their end state with live messages on hub 'dedicated'; one at a time per server; a BMC that is
 * away or refuses fails the job without changing the state; a lost send is found by the sync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, newAccount, scalar } from './factories.js';
import { rentServer } from './dedicated-factories.js';
import { runDedicatedPower } from '../src/modules/dedicated/dedicated-power.js';
import { syncDedicatedServers } from '../src/modules/dedicated/dedicated-sync.js';
import * as jobsRepo from '../src/modules/dedicated/dedicated-jobs.repository.js';
import { setSimulatedFailure } from '../src/drivers/baremetal/simulator-bmc.repository.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const stats = async (token: string, serial: string) =>
  ((await s.get(`ServerStats?serial=eq.${serial}`, token)).body as Json[])[0];

/** The 'dedicated' hub messages the account got for `serial`, oldest first. */
async function live(clientId: string, serial: string): Promise<Json[]> {
  const r = await s.db.owner.query<{ payload: string }>(
    `SELECT payload FROM hub_messages WHERE client_id = $1 AND kind = 'dedicated' ORDER BY id`,
    [clientId],
  );
  return r.rows
    .map((x) => (typeof x.payload === 'string' ? JSON.parse(x.payload) : x.payload))
    .filter((m: Json) => m.serial === serial);
}

async function power(token: string, serial: string, action: string) {
  return s.rpc('ServerPowerAction', { p_serial: serial, p_action: action }, token);
}

describe('power functions', () => {
  it('turns a server off and on again, telling the account live', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    const off = await power(a.token, srv.serial, 'force-off');
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await s.jobsIdle();
    let row = await stats(a.token, srv.serial);
    expect(row.power_state).toBe('Off');
    expect(row.power_job).toBeNull();
    expect((await power(a.token, srv.serial, 'on')).status).toBe(200);
    await s.jobsIdle();
    row = await stats(a.token, srv.serial);
    expect(row.power_state).toBe('On');
    const events = await live(a.clientId, srv.serial);
    const jobs = events.filter((m) => m.event === 'job').map((m) => `${m.action}:${m.status}`);
    expect(jobs).toEqual(['force-off:queued', 'force-off:running', 'force-off:done', 'on:queued', 'on:running', 'on:done']);
    expect(events.filter((m) => m.event === 'power').map((m) => m.power_state)).toContain('Off');
    expect(
      await scalar(s, `SELECT count(*) FROM dedicated_power_jobs WHERE server_serial = $1 AND status = 'done'`, [srv.serial]),
    ).toBe(2);
  });

  it('power-cycles: the server leaves On and comes back', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    expect((await power(a.token, srv.serial, 'power-cycle')).status).toBe(200);
    await s.jobsIdle();
    const states = (await live(a.clientId, srv.serial)).filter((m) => m.event === 'power').map((m) => m.power_state);
    expect(states.some((x) => x !== 'On')).toBe(true);
    expect(states.at(-1)).toBe('On');
    expect((await stats(a.token, srv.serial)).power_state).toBe('On');
  });

  it('runs one power function at a time per server, and refuses unknown ones', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    // Recorded but not yet run (the job is sent after the answer; its row holds the server).
    await s.db.owner.query(`INSERT INTO dedicated_power_jobs (server_serial, client_id, action) VALUES ($1, $2, 'force-off')`, [
      srv.serial,
      a.clientId,
    ]);
    expectErrorShape(await power(a.token, srv.serial, 'force-restart'), 409, 'POWER_ACTION_RUNNING');
    const bad = await power(a.token, srv.serial, 'reboot');
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.details).toBe('p_action: dedicated_power_action_invalid');
    expect((await stats(a.token, srv.serial)).power_job).toMatchObject({ action: 'force-off', status: 'queued' });
  });

  it('sends a function whose send was lost once the sync finds it, and never twice', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    const id = (
      await s.db.owner.query<{ id: string }>(
        `INSERT INTO dedicated_power_jobs (server_serial, client_id, action, created_at) VALUES ($1, $2, 'force-off', now() - interval '1 minute') RETURNING id::text`,
        [srv.serial, a.clientId],
      )
    ).rows[0]!.id;
    await syncDedicatedServers(s.jobDeps());
    await s.jobsIdle();
    expect((await stats(a.token, srv.serial)).power_state).toBe('Off');
    // Run again by a second worker: the job is done, nothing is sent again.
    const again = await runDedicatedPower(s.jobDeps(), id);
    expect(again.detail).toContain('done');
    expect((await stats(a.token, srv.serial)).power_state).toBe('Off');
  });

  it("never lets the sync's read from before a power function overwrite the state the job recorded", async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    const system = { resetTypes: ['On' as const, 'ForceOff' as const], health: 'OK' as const };
    // The sync lists its servers and asks the BMC (On) …
    const listed = await s.db.system((tx) => jobsRepo.serversToSync(tx, 600));
    const mine = listed.find((x) => x.serial === srv.serial)!;
    // … meanwhile a power job turns the server off and records it …
    await s.db.system((tx) => jobsRepo.recordSystem(tx, srv.serial, { ...system, powerState: 'Off' }));
    // … and the sync's older answer is not written over it.
    const late = await s.db.system((tx) => jobsRepo.recordSystem(tx, srv.serial, { ...system, powerState: 'On' }, mine.seen));
    expect(late).toBeNull();
    expect((await stats(a.token, srv.serial)).power_state).toBe('Off');
    // A read made after the last record is written.
    const fresh = (await s.db.system((tx) => jobsRepo.serversToSync(tx, 600))).find((x) => x.serial === srv.serial)!;
    const next = await s.db.system((tx) => jobsRepo.recordSystem(tx, srv.serial, { ...system, powerState: 'On' }, fresh.seen));
    expect(next).toMatchObject({ clientId: a.clientId, changed: true });
    expect((await stats(a.token, srv.serial)).power_state).toBe('On');
  });

  it('fails the job when the BMC is away or refuses, leaving the state as it was', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    await setSimulatedFailure(s.db.owner, srv.bmc, 'unreachable');
    expect((await power(a.token, srv.serial, 'force-off')).status).toBe(200);
    await s.jobsIdle();
    let row = await stats(a.token, srv.serial);
    expect(row.power_job).toMatchObject({ action: 'force-off', status: 'failed' });
    expect(row.power_state).toBe('On');
    await setSimulatedFailure(s.db.owner, srv.bmc, 'refuse-resets');
    expect((await power(a.token, srv.serial, 'force-off')).status).toBe(200);
    await s.jobsIdle();
    row = await stats(a.token, srv.serial);
    expect(row.power_job).toMatchObject({ status: 'failed' });
    expect(row.power_state).toBe('On');
  });
});
