/**
 * The SQL of Problems (/problems): every kind of problem an operator fixes, one UNION ALL of the
 * tables that record them, in the system scope (every account's).
 */
import { PROBLEM_WINDOW_DAYS } from '@portside/contract/schemas/staff';

const CLIENT_NAME = (c: string) =>
  `coalesce(nullif(btrim(${c}.company_name), ''), btrim(${c}.first_name || ' ' || ${c}.last_name))`;
const RECENT = (col: string) => `${col} > now() - interval '${PROBLEM_WINDOW_DAYS} days'`;

export const PROBLEMS_SQL = `
  -- A VM on a cluster the heartbeat has not read within a minute (prox_sync_success's rule).
  SELECT 'vm_lost_contact' AS kind, v.provisioned_id::text AS key, v.name AS subject, v.client_id AS client,
         ${CLIENT_NAME('c')} AS client_name, coalesce(k.last_sync_error, 'cluster ' || k.name) AS detail,
         v.last_seen_at AS at, NULL::text AS serial, v.provisioned_id::int AS provisioned_id, NULL::int AS order_id
    FROM vms v JOIN clusters k ON k.id = v.cluster_id LEFT JOIN clients c ON c.id = v.client_id
   WHERE v.state <> 'deleted' AND (k.last_sync_at IS NULL OR k.last_sync_at < now() - interval '1 minute')
  UNION ALL
  -- A dedicated server whose BMC does not answer.
  SELECT 'bmc_unreachable', d.serial, d.hostname, d.client_id, ${CLIENT_NAME('c')}, d.bmc_error, d.power_state_at,
         d.serial, NULL::int, NULL::int
    FROM dedicated_servers d LEFT JOIN clients c ON c.id = d.client_id
   WHERE d.bmc_id IS NOT NULL AND NOT d.bmc_reachable
  UNION ALL
  -- An ordered server that could not be made.
  SELECT 'order_item_failed', i.id::text, i.hostname, i.client_id, ${CLIENT_NAME('c')}, i.error, i.updated_at,
         NULL::text, i.provisioned_id::int, i.order_id::int
    FROM order_items i LEFT JOIN clients c ON c.id = i.client_id
   WHERE i.status = 'failed' AND ${RECENT('i.updated_at')}
  UNION ALL
  -- A dedicated server whose last power function failed.
  SELECT 'power_job_failed', j.id::text, d.hostname, d.client_id, ${CLIENT_NAME('c')}, j.action || ': ' || coalesce(j.error, ''),
         j.finished_at, d.serial, NULL::int, NULL::int
    FROM dedicated_power_jobs j JOIN dedicated_servers d ON d.serial = j.server_serial LEFT JOIN clients c ON c.id = d.client_id
   WHERE j.status = 'failed' AND ${RECENT('j.finished_at')}
     AND j.id = (SELECT max(l.id) FROM dedicated_power_jobs l WHERE l.server_serial = j.server_serial)
  UNION ALL
  -- A VM whose last operation failed.
  SELECT 'vm_operation_failed', o.id::text, v.name, o.client_id, ${CLIENT_NAME('c')}, o.action || ': ' || coalesce(o.message, ''),
         o.finished_at, NULL::text, v.provisioned_id::int, NULL::int
    FROM vm_operations o JOIN vms v ON v.provisioned_id = o.provisioned_id LEFT JOIN clients c ON c.id = o.client_id
   WHERE o.status = 'failed' AND v.state <> 'deleted' AND ${RECENT('o.finished_at')}
     AND o.created_at = (SELECT max(l.created_at) FROM vm_operations l WHERE l.provisioned_id = o.provisioned_id)
  UNION ALL
  -- A payment that failed.
  SELECT 'payment_failed', p.id::text, p.reference, p.client_id, ${CLIENT_NAME('c')}, p.failure_message,
         coalesce(p.completed_at, p.created_at), NULL::text, NULL::int, p.order_id::int
    FROM payments p LEFT JOIN clients c ON c.id = p.client_id
   WHERE p.status = 'failed' AND ${RECENT('coalesce(p.completed_at, p.created_at)')}
  UNION ALL
  -- A disk whose BMC reports it other than OK.
  SELECT 'disk_unhealthy', k.server_serial || '/' || k.serial, d.hostname, d.client_id, ${CLIENT_NAME('c')},
         k.health || ': ' || k.model || ' ' || k.serial, d.synced_at, d.serial, NULL::int, NULL::int
    FROM dedicated_disks k JOIN dedicated_servers d ON d.serial = k.server_serial LEFT JOIN clients c ON c.id = d.client_id
   WHERE k.health <> 'OK'`;
