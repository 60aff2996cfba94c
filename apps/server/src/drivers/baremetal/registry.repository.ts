/**
 * The `bmcs` table as the bare-metal registry reads it, through the owner connection (the only one
 * allowed to read a BMC's address and sealed password), and registerBmc, which seals the password
 * with the data key (as a Proxmox cluster's token secret is) for the staff call and the seed.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { sealSecret } from '../hypervisor/secret-box.js';
import { BaremetalError, type BmcRecord } from './baremetal.js';

/** A `bmcs` row as the registry needs it, the password still sealed. */
export interface BmcRow {
  id: number;
  name: string;
  driver: BmcRecord['driver'];
  address: string;
  system_id: string;
  username: string;
  /** Null only for a simulated BMC registered without one (it is reached with the simulator's factory login). */
  password_sealed: string | null;
  use_session: boolean;
  ca_pem: string | null;
}

/** BMC `id` with its sealed password, or undefined. */
export async function findBmcRow(owner: pg.Pool, id: number): Promise<BmcRow | undefined> {
  const r = await owner.query<BmcRow>(
    `SELECT id, name, driver, address, system_id, username, password_sealed, use_session, ca_pem FROM bmcs WHERE id = $1`,
    [id],
  );
  return r.rows[0];
}

/** The BMC of dedicated server `serial`: undefined when there is no such server, `bmc_id` null when it has no BMC. */
export async function findServerBmc(owner: pg.Pool, serial: string): Promise<{ bmc_id: number | null } | undefined> {
  const r = await owner.query<{ bmc_id: number | null }>(`SELECT bmc_id FROM dedicated_servers WHERE serial = $1`, [serial]);
  return r.rows[0];
}

/** A BMC to register: what `bmcs` keeps, with the password in the clear (sealed before it is stored). */
export interface BmcRegistration {
  /** The portal's name for it: lower-case letters, digits and dashes (`bmcs.name`). */
  name: string;
  driver: BmcRecord['driver'];
  /** simulator: the simulated BMC's name; redfish: the base URL, e.g. https://10.0.8.21. */
  address: string;
  /** Default '1'. */
  systemId?: string;
  username: string;
  password: string;
  /** redfish: log in with a session instead of basic auth (default false). */
  useSession?: boolean;
  /** redfish: the PEM of the BMC's certificate or CA (default null: the system CAs). */
  caPem?: string | null;
}

/**
 * Registers a BMC and answers its id. The password is sealed with `dataKey` and never stored in
 * the clear; a CA must be a PEM certificate (REFUSED otherwise, before anything is written). A
 * name taken already is refused by the table's unique key (a 23505 error), unless `upsert` is set
 * (the seed): then that registration is replaced and keeps its id.
 */
export async function registerBmc(
  owner: pg.Pool,
  dataKey: Buffer,
  bmc: BmcRegistration,
  options: { upsert?: boolean } = {},
): Promise<number> {
  const caPem = bmc.caPem?.trim() ? bmc.caPem.trim() : null;
  if (caPem !== null) {
    try {
      new crypto.X509Certificate(caPem);
    } catch {
      throw new BaremetalError('REFUSED', 'the BMC certificate is not a PEM certificate');
    }
  }
  const r = await owner.query<{ id: number }>(
    `INSERT INTO bmcs (name, driver, address, system_id, username, password_sealed, use_session, ca_pem)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ${
       options.upsert
         ? `ON CONFLICT (name) DO UPDATE SET driver = EXCLUDED.driver, address = EXCLUDED.address, system_id = EXCLUDED.system_id,
            username = EXCLUDED.username, password_sealed = EXCLUDED.password_sealed, use_session = EXCLUDED.use_session,
            ca_pem = EXCLUDED.ca_pem`
         : ''
     }
     RETURNING id`,
    [
      bmc.name,
      bmc.driver,
      bmc.address,
      bmc.systemId ?? '1',
      bmc.username,
      sealSecret(dataKey, bmc.password),
      bmc.useSession ?? false,
      caPem,
    ],
  );
  return r.rows[0]!.id;
}
