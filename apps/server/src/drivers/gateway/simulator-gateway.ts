/**
 * The `simulator` gateway driver (issue 15): each gateway's destination NAT played by PostgreSQL
 * (migration 0031), holding only the portal's forwards. setForwards checks the whole batch first
 * (forward-rules.ts) and then replaces the gateway's forwards in one transaction; a database that
 * does not answer is an UNAVAILABLE gateway.
 */
import type pg from 'pg';
import { checkForwards, gatewayAddress } from './forward-rules.js';
import { GatewayError, type GatewayDriver } from './gateway.js';
import * as db from './simulator-gateway.repository.js';

/** Runs a database call, turning its failure into an UNAVAILABLE gateway (no SQL in the message). */
async function reach<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof GatewayError) throw e;
    throw new GatewayError('UNAVAILABLE', 'the simulated gateway did not answer');
  }
}

/** The simulator over the owner pool (`Database.owner`): sim_gateway_forwards is closed to portside_app. */
export function createSimulatorGateway(pool: pg.Pool): GatewayDriver {
  return {
    async forwards(gateway) {
      const g = gatewayAddress(gateway);
      return reach(() => db.listForwards(pool, g));
    },

    async setForwards(gateway, forwards) {
      const g = gatewayAddress(gateway);
      const batch = checkForwards(g, forwards);
      await reach(() => db.replaceForwards(pool, g, batch));
    },
  };
}
