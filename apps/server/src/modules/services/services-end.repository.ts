/**
 * SQL of the services' month-end job (services-end.ts), run in the system context. Each event is
 * recorded once per service: the unique index services_history_once (migration 0017) and the
 * NOT EXISTS below make a re-run record nothing twice.
 */
import type { Tx } from '../../db/database.js';

const HISTORY_COLUMNS = `client_id, equipment_id, change_type, start_date, end_date, category, contract_months, min_cancel_date`;

/** A service whose free trial is over, recorded with its event. */
export interface ServiceEvent {
  client_id: string;
  equipment_id: number;
  change_type: 'trial-kept' | 'ended' | 'trial-removed';
}

/**
 * 'trial-kept' for every trial whose last day has passed without a cancellation by then (no end
 * date, or one after the trial): from the next day on the service is billed.
 */
export async function recordTrialsKept(tx: Tx): Promise<ServiceEvent[]> {
  const r = await tx.query<ServiceEvent>(
    `INSERT INTO services_history (${HISTORY_COLUMNS})
     SELECT client_id, equipment_id, 'trial-kept', start_date, end_date, category, contract_months, min_cancel_date
       FROM services s
      WHERE s.trial_until < utc_today() AND (s.end_date IS NULL OR s.end_date > s.trial_until)
     ON CONFLICT DO NOTHING
     RETURNING client_id, equipment_id, change_type`,
  );
  return r.rows;
}

/**
 * 'ended' for every service whose last day has passed — 'trial-removed' for a trial cancelled by
 * its last day (nothing is charged for it).
 */
export async function recordEnded(tx: Tx): Promise<ServiceEvent[]> {
  const r = await tx.query<ServiceEvent>(
    `INSERT INTO services_history (${HISTORY_COLUMNS})
     SELECT client_id, equipment_id,
            CASE WHEN s.trial_until IS NOT NULL AND s.end_date <= s.trial_until THEN 'trial-removed' ELSE 'ended' END,
            start_date, end_date, category, contract_months, min_cancel_date
       FROM services s
      WHERE s.end_date < utc_today()
        AND NOT EXISTS (SELECT 1 FROM services_history h WHERE h.equipment_id = s.equipment_id AND h.change_type IN ('ended','trial-removed'))
     ON CONFLICT DO NOTHING
     RETURNING client_id, equipment_id, change_type`,
  );
  return r.rows;
}

/** Cloud servers of ended services whose VM still exists, oldest end first. */
export async function endedServerVms(
  tx: Tx,
  limit: number,
): Promise<Array<{ client_id: string; equipment_id: number; provisioned_id: number }>> {
  const r = await tx.query<{ client_id: string; equipment_id: number; provisioned_id: number }>(
    `SELECT s.client_id, s.equipment_id, v.provisioned_id
       FROM services s JOIN vms v ON v.provisioned_id = s.provisioned_id
      WHERE s.end_date < utc_today() AND s.category = 'cloud-server' AND v.state <> 'deleted'
      ORDER BY s.end_date, s.equipment_id
      LIMIT $1`,
    [limit],
  );
  return r.rows;
}
