/**
 * SQL of the addresses the provider assigned (MySystemIPs; migration 0030): their reverse DNS
 * names and the port forwards of servers without a public IPv4.
 */
import type { Tx } from '../../db/database.js';

/** The server of the caller's account (not deleted) that holds `address`, with its location. */
export async function serverHolding(tx: Tx, address: string): Promise<{ provisioned_id: number; client_id: string } | null> {
  const r = await tx.query<{ provisioned_id: number; client_id: string }>(
    `SELECT provisioned_id::int AS provisioned_id, client_id FROM vms
      WHERE state <> 'deleted' AND (ipv4 = $1::inet OR ipv6 = $1::inet)`,
    [address],
  );
  return r.rows[0] ?? null;
}

/** Sets (or with null resets) an address's reverse name; it is pending until the DNS has it. */
export async function upsertPtr(
  tx: Tx,
  s: { provisioned_id: number; client_id: string },
  address: string,
  hostname: string | null,
) {
  await tx.query(
    `INSERT INTO reverse_dns (provisioned_id, address, client_id, hostname, state, updated_at)
     VALUES ($1, $2::inet, $3, $4, 'pending', clock_timestamp())
     ON CONFLICT (provisioned_id, address) DO UPDATE SET hostname = $4, state = 'pending', updated_at = clock_timestamp()`,
    [s.provisioned_id, address, s.client_id, hostname],
  );
}

/** What the push of an address's reverse name needs: the name, or the default when none is set. */
export interface PtrPush {
  name: string;
  /** The change's time as PostgreSQL writes it (microseconds), to settle exactly this change. */
  updated_at: string;
  held: boolean;
}

export async function ptrToPush(tx: Tx, provisionedId: number, address: string): Promise<PtrPush | null> {
  const r = await tx.query<PtrPush>(
    `SELECT coalesce(r.hostname, portside_ptr_default(r.address, l.id, l.ptr_domain)) AS name, r.updated_at::text AS updated_at,
        (v.state <> 'deleted' AND (v.ipv4 = r.address OR v.ipv6 = r.address)) AS held
       FROM reverse_dns r JOIN vms v ON v.provisioned_id = r.provisioned_id
       JOIN clusters c ON c.id = v.cluster_id JOIN hosting_locations l ON l.id = c.location_id
      WHERE r.provisioned_id = $1 AND r.address = $2::inet`,
    [provisionedId, address],
  );
  return r.rows[0] ?? null;
}

/** Marks the push done (or failed) unless a newer change came meanwhile. */
export async function settlePtr(tx: Tx, provisionedId: number, address: string, asOf: string, state: 'ok' | 'failed') {
  await tx.query(
    `UPDATE reverse_dns SET state = $4
      WHERE provisioned_id = $1 AND address = $2::inet AND updated_at = $3::timestamptz AND state = 'pending'`,
    [provisionedId, address, asOf, state],
  );
}

export async function dropPtr(tx: Tx, provisionedId: number, address: string): Promise<void> {
  await tx.query(`DELETE FROM reverse_dns WHERE provisioned_id = $1 AND address = $2::inet`, [provisionedId, address]);
}

/** Reverse names still pending a minute after their change (a lost push). */
export async function stalePtrs(tx: Tx): Promise<Array<{ provisioned_id: number; address: string }>> {
  const r = await tx.query<{ provisioned_id: number; address: string }>(
    `SELECT provisioned_id::int AS provisioned_id, host(address) AS address FROM reverse_dns
      WHERE state = 'pending' AND updated_at < now() - interval '1 minute' ORDER BY updated_at LIMIT 100`,
  );
  return r.rows;
}
