/**
 * The vpn.push job's SQL, through the owner connection: the only one that reads a server's sealed
 * private key. A push holds the server's lease (push_lease_until) from its claim to its end, so
 * two workers never write one guest at once; a lease past its time (a worker that died) is taken
 * over. Every step is its own short transaction: nothing is held while the guest is reached.
 */
import type pg from 'pg';
import { VPN_IMAGE_ID } from '@portside/contract/rules/vpn';
import { inTransaction } from '../../db/transaction.js';

/** How long a push may hold its server before another worker takes it over. */
const LEASE = `interval '2 minutes'`;

/** What a claimed push writes: the server, where it runs, its sealed key and its peers at one revision. */
export interface PushPlan {
  kind: 'push';
  provisioned_id: number;
  name: string;
  cluster_id: number;
  vmid: number;
  public_key: string;
  private_key_sealed: string;
  config_revision: number;
  peers: Array<{ name: string; public_key: string; host: number }>;
}

/** Why there is nothing to push: no (longer a) VPN server, the revision applied, or another worker pushing. */
export type PushClaim = PushPlan | { kind: 'gone' } | { kind: 'applied'; revision: number } | { kind: 'busy' };

/** Makes the VPN servers' rows that are missing: servers made (or rebuilt) from the image that no call has touched yet. */
async function addMissingRows(c: pg.Pool | pg.PoolClient, id: number | null): Promise<void> {
  await c.query(
    `INSERT INTO vpn_servers (provisioned_id, client_id)
     SELECT provisioned_id, client_id FROM vms v
      WHERE v.image_id = $1 AND v.state = 'active' AND ($2::bigint IS NULL OR v.provisioned_id = $2)
        AND NOT EXISTS (SELECT 1 FROM vpn_servers s WHERE s.provisioned_id = v.provisioned_id)
     ON CONFLICT (provisioned_id) DO NOTHING`,
    [VPN_IMAGE_ID, id],
  );
}

/**
 * Claims a push of server `id`: locks its row, makes its key pair with `makeKey` when it has none
 * (the demo seed has no data key), takes the lease (or renews it, when `holding` it already) and
 * reads what to write. Nothing is claimed for a server that is gone, applied or leased to another.
 */
export async function claimPush(
  pool: pg.Pool,
  id: number,
  makeKey: () => { sealed: string; publicKey: string },
  holding: boolean,
): Promise<PushClaim> {
  return inTransaction(pool, async (c) => {
    await addMissingRows(c, id);
    const r = await c.query<{
      name: string;
      cluster_id: number;
      vmid: number;
      public_key: string | null;
      private_key_sealed: string | null;
      config_revision: number;
      applied_revision: number;
      leased: boolean;
    }>(
      `SELECT v.name, v.cluster_id, v.vmid, s.public_key, s.private_key_sealed, s.config_revision, s.applied_revision,
              coalesce(s.push_lease_until > now(), false) AS leased
         FROM vpn_servers s JOIN vms v ON v.provisioned_id = s.provisioned_id
        WHERE s.provisioned_id = $1 AND v.image_id = $2 AND v.state = 'active'
          FOR UPDATE OF s`,
      [id, VPN_IMAGE_ID],
    );
    const s = r.rows[0];
    if (!s) return { kind: 'gone' };
    if (s.applied_revision >= s.config_revision) {
      if (holding) await c.query(`UPDATE vpn_servers SET push_lease_until = NULL WHERE provisioned_id = $1`, [id]);
      return { kind: 'applied', revision: s.applied_revision };
    }
    if (s.leased && !holding) return { kind: 'busy' };
    let { public_key, private_key_sealed } = s;
    if (!public_key || !private_key_sealed) {
      const key = makeKey();
      [public_key, private_key_sealed] = [key.publicKey, key.sealed];
      await c.query(`UPDATE vpn_servers SET private_key_sealed = $2, public_key = $3 WHERE provisioned_id = $1`, [
        id,
        private_key_sealed,
        public_key,
      ]);
    }
    await c.query(
      `UPDATE vpn_servers SET push_lease_until = now() + ${LEASE}, push_attempt_at = now() WHERE provisioned_id = $1`,
      [id],
    );
    const peers = await c.query<{ name: string; public_key: string; host: number }>(
      `SELECT name, public_key, host FROM vpn_peers WHERE provisioned_id = $1 ORDER BY host`,
      [id],
    );
    return {
      kind: 'push',
      provisioned_id: id,
      name: s.name,
      cluster_id: s.cluster_id,
      vmid: s.vmid,
      public_key,
      private_key_sealed,
      config_revision: s.config_revision,
      peers: peers.rows,
    };
  });
}

/**
 * The guest took `revision`: recorded, and the lease let go unless the peers changed meanwhile
 * (then the caller pushes again under it). Answers the server's current revision.
 */
export async function finishPush(pool: pg.Pool, id: number, revision: number): Promise<number> {
  const r = await pool.query<{ config_revision: number }>(
    `UPDATE vpn_servers SET applied_revision = greatest(applied_revision, $2), applied_at = now(), push_error = NULL,
            push_lease_until = CASE WHEN config_revision <= $2 THEN NULL ELSE push_lease_until END
      WHERE provisioned_id = $1 RETURNING config_revision`,
    [id, revision],
  );
  return r.rows[0]?.config_revision ?? revision;
}

/** The push did not get through: why (the page shows the server as waiting), and the lease let go. */
export async function failPush(pool: pg.Pool, id: number, message: string): Promise<void> {
  await pool.query(`UPDATE vpn_servers SET push_error = $2, push_lease_until = NULL WHERE provisioned_id = $1`, [
    id,
    message.slice(0, 500),
  ]);
}

/**
 * The servers whose configuration is due and worth pushing now: a revision not applied, the VM
 * running (the heartbeat's view), no live lease, and no failed push in the last `quietSeconds`
 * (the queue's own retries have that one). Rows of new VPN servers are made first.
 */
export async function duePushes(pool: pg.Pool, quietSeconds: number): Promise<number[]> {
  await addMissingRows(pool, null);
  const r = await pool.query<{ id: number }>(
    `SELECT s.provisioned_id::int AS id
       FROM vpn_servers s JOIN vms v ON v.provisioned_id = s.provisioned_id
      WHERE s.config_revision > s.applied_revision AND v.image_id = $1 AND v.state = 'active' AND v.power_status = 'RUNNING'
        AND (s.push_lease_until IS NULL OR s.push_lease_until < now())
        AND (s.push_error IS NULL OR s.push_attempt_at IS NULL OR s.push_attempt_at < now() - make_interval(secs => $2))
      ORDER BY s.push_attempt_at NULLS FIRST LIMIT 200`,
    [VPN_IMAGE_ID, quietSeconds],
  );
  return r.rows.map((x) => x.id);
}
