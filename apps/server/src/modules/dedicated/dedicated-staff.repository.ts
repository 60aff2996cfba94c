/**
 * SQL of the staff's dedicated-server calls (issue 17): a machine added to the portal (rented to a
 * client as a service, or in stock) and the installs of ordered servers. System scope.
 */
import type { Tx } from '../../db/database.js';

/** The English text of 'services:description.dedicated_server' over $2 (model), $3 (hostname) and `l` (the location). */
export const DEDICATED_DESCRIPTION_SQL = `'Dedicated server ' || $2 || ' (' || $3 || ') in ' || l.name`;

export async function serialTaken(tx: Tx, serial: string): Promise<boolean> {
  const r = await tx.query(
    `SELECT 1 FROM dedicated_servers WHERE serial = $1 UNION ALL SELECT 1 FROM server_installs WHERE serial = $1`,
    [serial],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function locationExists(tx: Tx, id: string): Promise<boolean> {
  return ((await tx.query(`SELECT 1 FROM hosting_locations WHERE id = $1`, [id])).rowCount ?? 0) > 0;
}

export async function bmcExists(tx: Tx, id: number): Promise<boolean> {
  return ((await tx.query(`SELECT 1 FROM bmcs WHERE id = $1`, [id])).rowCount ?? 0) > 0;
}

export async function clientExists(tx: Tx, id: string): Promise<boolean> {
  return ((await tx.query(`SELECT 1 FROM clients WHERE id = $1`, [id])).rowCount ?? 0) > 0;
}

/**
 * The server's service for `clientId`, from today, billed at `cents` a month; answers its equipment
 * id. Its description is the message key 'services:description.dedicated_server' with its
 * parameters (the web shows it in the reader's language), next to the English text.
 */
export async function insertServerService(
  tx: Tx,
  s: {
    clientId: string;
    model: string;
    hostname: string;
    location: string;
    cents: number;
    /** The order that paid its first month (monthly invoicing bills it from the month after). */
    orderId?: string | number | null;
  },
): Promise<number> {
  const r = await tx.query<{ equipment_id: number }>(
    `INSERT INTO services (client_id, category, description, description_key, description_params, start_date, min_cancel_date,
                           contract_months, monthly_cents, order_id)
     SELECT $1, 'dedicated-server', left(${DEDICATED_DESCRIPTION_SQL}, 200), 'services:description.dedicated_server',
            jsonb_build_object('model', $2::text, 'hostname', $3::text, 'location', l.name, 'location_id', l.id),
            utc_today(), (utc_today() + interval '1 month')::date, 1, $5, $6
       FROM hosting_locations l WHERE l.id = $4
     RETURNING equipment_id`,
    [s.clientId, s.model, s.hostname, s.location, s.cents, s.orderId ?? null],
  );
  await tx.query(
    `INSERT INTO services_history (client_id, equipment_id, change_type, start_date, end_date, category, contract_months, min_cancel_date)
     SELECT client_id, equipment_id, 'created', start_date, end_date, category, contract_months, min_cancel_date FROM services WHERE equipment_id = $1`,
    [r.rows[0]!.equipment_id],
  );
  return r.rows[0]!.equipment_id;
}

export async function insertServer(
  tx: Tx,
  s: {
    serial: string;
    clientId: string | null;
    equipmentId: number | null;
    bmcId: number | null;
    location: string;
    hostname: string;
    model: string;
    cpuFamily: string;
    cpuName: string;
    baseCents: number;
    ipv4: string | null;
    /** The base is an offer's price, which includes the parts the first inventory finds. */
    partsIncluded?: boolean;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO dedicated_servers (serial, client_id, equipment_id, bmc_id, location_id, hostname, model, cpu_family, cpu_name, base_cents, ipv4, parts_included)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::inet, $12)`,
    [
      s.serial,
      s.clientId,
      s.equipmentId,
      s.bmcId,
      s.location,
      s.hostname,
      s.model,
      s.cpuFamily,
      s.cpuName,
      s.baseCents,
      s.ipv4,
      s.partsIncluded ?? false,
    ],
  );
}

/** The offer an install is made from. */
export async function findOffer(
  tx: Tx,
  id: number,
): Promise<{ name: string; cpu: string; location_id: string; monthly_price_cents: number } | null> {
  const r = await tx.query<{ name: string; cpu: string; location_id: string; monthly_price_cents: number }>(
    `SELECT name, cpu, location_id, monthly_price_cents FROM server_offers WHERE id = $1 AND active`,
    [id],
  );
  return r.rows[0] ?? null;
}

/**
 * A new install of `offer` for a client; answers its reference serial (INST-000001). From an order
 * it names its item, the service the order started and the price the order charged.
 */
export async function insertInstall(
  tx: Tx,
  i: {
    clientId: string;
    orderId: number | string | null;
    offerId: number;
    hostname: string;
    orderItemId?: string | null;
    equipmentId?: number | null;
    monthlyCents?: number | null;
  },
): Promise<string> {
  const r = await tx.query<{ serial: string }>(
    `INSERT INTO server_installs (serial, client_id, order_id, offer_id, offer_name, cpu, location_id, hostname, monthly_cents,
                                  order_item_id, equipment_id)
     SELECT 'INST-' || lpad(nextval('server_installs_ref_seq')::text, 6, '0'), $1, $2, o.id, o.name, o.cpu, o.location_id, $4,
            coalesce($7::int, round(price_on('server_offer:' || o.id, utc_today(), o.monthly_price_cents))::int), $5, $6
       FROM server_offers o WHERE o.id = $3
     RETURNING serial`,
    [i.clientId, i.orderId, i.offerId, i.hostname, i.orderItemId ?? null, i.equipmentId ?? null, i.monthlyCents ?? null],
  );
  return r.rows[0]!.serial;
}

/** An install as DedicatedServerCreate and ServerInstallStep read it. */
export interface InstallRecord {
  serial: string;
  step: string;
  client_id: string;
  location_id: string;
  monthly_cents: number;
  equipment_id: number | null;
}

/** The install, locked: its step, account, location, price and service. */
export async function lockInstall(tx: Tx, serial: string): Promise<InstallRecord | null> {
  const r = await tx.query<InstallRecord>(
    `SELECT serial, step, client_id, location_id, monthly_cents, equipment_id::int AS equipment_id
       FROM server_installs WHERE serial = $1 FOR UPDATE`,
    [serial],
  );
  return r.rows[0] ?? null;
}

/** Moves the install to `step` (stamping when), recording the machine's serial when given. */
export async function setInstallStep(tx: Tx, serial: string, step: string, newSerial: string | null): Promise<string> {
  const r = await tx.query<{ serial: string }>(
    `UPDATE server_installs SET step = $2,
        racked_at = CASE WHEN $2 IN ('racked','os-installed','handed-over') THEN coalesce(racked_at, now()) ELSE racked_at END,
        os_installed_at = CASE WHEN $2 IN ('os-installed','handed-over') THEN coalesce(os_installed_at, now()) ELSE os_installed_at END,
        handed_over_at = CASE WHEN $2 = 'handed-over' THEN coalesce(handed_over_at, now()) ELSE handed_over_at END,
        serial = coalesce($3, serial)
      WHERE serial = $1 RETURNING serial`,
    [serial, step, newSerial],
  );
  return r.rows[0]!.serial;
}
