/**
 * The `simulator` router driver (issue 18): a router played by PostgreSQL (migration 0038,
 * simulator-router.repository.ts), so every server instance sees the same subnets, ARP table and
 * DHCP leases. Like a real router it checks the login on every call (AUTH when wrong), keeps one
 * static lease per MAC and per address (REFUSED otherwise) and changes one router at a time.
 * Failure injection (setSimulatedRouterFailure): an 'unreachable' router answers nothing
 * (UNAVAILABLE), a 'refuse-writes' one refuses every change (REFUSED). A database that does not
 * answer is an UNAVAILABLE router, with no SQL in the message.
 */
import type pg from 'pg';
import { inTransaction } from '../../db/transaction.js';
import { checkSimPassword } from '../hypervisor/simulator-create.js';
import { macOf, RouterError, type RouterDriver, type RouterRecord } from './router.js';
import * as db from './simulator-router.repository.js';

/** The factory login of a simulated router (the demo seed registers its routers without a password). */
export const SIMULATED_ROUTER_ADMIN = { username: 'admin', password: 'portside-sim' } as const;

async function reach<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof RouterError) throw e;
    throw new RouterError('UNAVAILABLE', 'the simulated router did not answer');
  }
}

/** The driver of simulated router `record.address`, logging in with `record.username`/`password`. */
export function createSimulatorRouter(
  owner: pg.Pool,
  record: Pick<RouterRecord, 'address' | 'username' | 'password'>,
): RouterDriver {
  const name = record.address;
  let provenHash: string | null = null;

  async function login(): Promise<db.SimulatedRouterFailure | null> {
    const r = await db.findRouter(owner, name);
    if (!r || r.failure === 'unreachable') throw new RouterError('UNAVAILABLE', 'the simulated router did not answer');
    const ok =
      r.username === record.username &&
      (r.password_hash === provenHash || (await checkSimPassword(r.password_hash, record.password)));
    if (!ok) {
      provenHash = null;
      throw new RouterError('AUTH', `the router did not accept the login of user '${record.username}'`);
    }
    provenHash = r.password_hash;
    return r.failure;
  }

  /** A change: logged in, not refused by injection, under the router's lock. */
  const change = <T>(fn: (c: pg.PoolClient) => Promise<T>) =>
    reach(async () => {
      const failure = await login();
      if (failure === 'refuse-writes') throw new RouterError('REFUSED', 'the router refused the change');
      return inTransaction(owner, async (c) => {
        await db.lockRouter(c, name);
        return fn(c);
      });
    });

  const staticOf = async (c: pg.PoolClient, mac: string) =>
    (await db.listLeases(c, name)).find((l) => l.static && l.mac === macOf(mac));

  return {
    addresses: () =>
      reach(async () => {
        await login();
        return db.listAddresses(owner, name);
      }),
    arp: () =>
      reach(async () => {
        await login();
        return db.listArp(owner, name);
      }),
    leases: () =>
      reach(async () => {
        await login();
        return db.listLeases(owner, name);
      }),
    reserve: (r) =>
      change(async (c) => {
        const mac = macOf(r.mac);
        const leases = await db.listLeases(c, name);
        const taken = leases.find((l) => l.static && (l.mac === mac || l.address === r.address));
        if (taken)
          throw new RouterError(
            'REFUSED',
            `a static lease holds ${taken.mac === mac ? `MAC ${mac}` : `address ${r.address}`} already`,
          );
        const same = leases.find((l) => l.mac === mac && l.address === r.address);
        if (same) {
          await db.updateLease(c, name, same.id, { dynamic: false, comment: r.comment });
          return { ...same, static: true, comment: r.comment };
        }
        for (const l of leases) if (l.mac === mac || l.address === r.address) await db.deleteLease(c, name, l.id);
        return db.insertLease(c, name, { address: r.address, mac, comment: r.comment, dynamic: false });
      }),
    release: (mac) =>
      change(async (c) => {
        const l = await staticOf(c, mac);
        if (!l) throw new RouterError('NOT_FOUND', `no static lease of MAC ${macOf(mac)}`);
        await db.deleteLease(c, name, l.id);
      }),
    setComment: (mac, comment) =>
      change(async (c) => {
        const l = await staticOf(c, mac);
        if (!l) throw new RouterError('NOT_FOUND', `no static lease of MAC ${macOf(mac)}`);
        await db.updateLease(c, name, l.id, { comment });
      }),
  };
}
