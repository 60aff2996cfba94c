/**
 * Internal clients (spec 1 §6, issue 18): the provider's client marker as the database knows it.
 * Every server process writes its configured marker at start, so that the reads and rules in SQL
 * (portside_internal_client, migration 0039) see the configuration of the processes serving them.
 */
import type { Tx } from '../../db/database.js';

/** Stores the marker ('' makes no account internal). */
export async function writeClientMarker(tx: Tx, marker: string): Promise<void> {
  await tx.query(
    `INSERT INTO provider_settings (key, value) VALUES ('client_marker', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [marker],
  );
}
