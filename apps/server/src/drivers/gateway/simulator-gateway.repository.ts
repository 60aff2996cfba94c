/**
 * The gateway simulator's forwards (migration 0031): the SQL of simulator-gateway.ts; system data
 * reached through the owner pool.
 */
import type pg from 'pg';
import { inTransaction } from '../../db/transaction.js';
import type { GatewayForward } from './gateway.js';

/** The forwards of `gateway`, by protocol and external port. */
export async function listForwards(db: pg.Pool, gateway: string): Promise<GatewayForward[]> {
  const r = await db.query<GatewayForward>(
    `SELECT protocol, external_port AS "externalPort", host(target) AS target, target_port AS "targetPort", comment
       FROM sim_gateway_forwards WHERE gateway = $1 ORDER BY protocol, external_port`,
    [gateway],
  );
  return r.rows;
}

/** Makes the forwards of `gateway` exactly `forwards`, in one transaction. */
export async function replaceForwards(db: pg.Pool, gateway: string, forwards: GatewayForward[]): Promise<void> {
  await inTransaction(db, async (c) => {
    await c.query(`DELETE FROM sim_gateway_forwards WHERE gateway = $1`, [gateway]);
    await c.query(
      `INSERT INTO sim_gateway_forwards (gateway, protocol, external_port, target, target_port, comment)
       SELECT $1, f->>'protocol', (f->>'externalPort')::int, (f->>'target')::inet, (f->>'targetPort')::int, f->>'comment'
         FROM jsonb_array_elements($2::jsonb) f`,
      [gateway, JSON.stringify(forwards)],
    );
  });
}
