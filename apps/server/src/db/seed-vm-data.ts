/**
 * The demo servers' data (issue 13): each demo server with backups on gets the last three nights'
 * daily backups, and a server billed for snapshot space gets its snapshots, on the simulated
 * cluster and in the portal's copy alike, so the Backups and Snapshots tabs show a life lived.
 * Backups are billed from the day the server was made. Idempotent: a server with backups already
 * is left alone.
 */
import type pg from 'pg';

const GIB = 1024 ** 3;

/** Seeds the backups and snapshots of the demo servers (after seed-vms.ts made them). */
export async function seedDemoVmData(pool: pg.Pool): Promise<void> {
  const vms = await pool.query<{
    provisioned_id: number;
    client_id: string;
    vmid: number;
    node: string;
    disk_gb: number;
    cores: number;
    memory_mb: number;
    backups_enabled: boolean;
    snapshots_gb: number;
    created_at: Date;
  }>(
    `SELECT v.provisioned_id::int AS provisioned_id, v.client_id, v.vmid, v.node, v.disk_gb, m.cores, m.ram_gb * 1024 AS memory_mb,
            v.backups_enabled, v.snapshots_gb, v.created_at
       FROM vms v JOIN vm_models m ON m.id = v.model_id
      WHERE v.state = 'active' AND (v.backups_enabled OR v.snapshots_gb > 0)
        AND NOT EXISTS (SELECT 1 FROM vm_backups b WHERE b.provisioned_id = v.provisioned_id)
        AND NOT EXISTS (SELECT 1 FROM vm_snapshots s WHERE s.provisioned_id = v.provisioned_id)`,
  );
  for (const v of vms.rows) {
    if (v.backups_enabled) {
      await pool.query(
        `UPDATE vm_backup_periods SET enabled_on = $2::timestamptz::date WHERE provisioned_id = $1 AND disabled_on IS NULL`,
        [v.provisioned_id, v.created_at],
      );
      for (let nightsAgo = 3; nightsAgo >= 1; nightsAgo--) {
        const at = new Date();
        at.setUTCDate(at.getUTCDate() - nightsAgo + 1);
        at.setUTCHours(0, 40 + (v.vmid % 15), 0, 0);
        const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '_').replace('T', '-');
        const volid = `local:backup/vzdump-qemu-${v.vmid}-${stamp.slice(0, 10)}-${stamp.slice(11)}.vma.zst`;
        const size = Math.round(v.disk_gb * GIB * (0.3 + 0.01 * nightsAgo));
        await pool.query(
          `INSERT INTO sim_backups (volid, vmid, node, size_bytes, created_at, protected, notes, disk_gb, cores, memory_mb)
           VALUES ($1, $2, $3, $4, $5, $6, 'daily', $7, $8, $9) ON CONFLICT (volid) DO NOTHING`,
          [volid, v.vmid, v.node, size, at, nightsAgo === 3, v.disk_gb, v.cores, v.memory_mb],
        );
        await pool.query(
          `INSERT INTO vm_backups (provisioned_id, client_id, volid, size_bytes, created_at, protected, kind)
           VALUES ($1, $2, $3, $4, $5, $6, 'daily') ON CONFLICT DO NOTHING`,
          [v.provisioned_id, v.client_id, volid, size, at, nightsAgo === 3],
        );
      }
      await pool.query(
        `UPDATE vms SET last_daily_backup_on = (SELECT (now() AT TIME ZONE l.time_zone)::date FROM clusters c
            JOIN hosting_locations l ON l.id = c.location_id WHERE c.id = vms.cluster_id) WHERE provisioned_id = $1`,
        [v.provisioned_id],
      );
    }
    if (v.snapshots_gb > 0) {
      const snaps = [
        { name: 'beforeupgrade', note: 'Before the kernel upgrade', daysAgo: 12 },
        { name: 'release42', note: '', daysAgo: 2 },
      ];
      let parent: string | null = null;
      for (const s of snaps) {
        const at = new Date(Date.now() - s.daysAgo * 86_400_000);
        const size = Math.round((v.snapshots_gb * GIB) / snaps.length);
        await pool.query(
          `INSERT INTO sim_snapshots (vmid, name, description, created_at, parent, size_bytes, ready) VALUES ($1, $2, $3, $4, $5, $6, true)
           ON CONFLICT DO NOTHING`,
          [v.vmid, s.name, s.note, at, parent, size],
        );
        await pool.query(
          `INSERT INTO vm_snapshots (provisioned_id, client_id, name, note, created_at, size_bytes) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING`,
          [v.provisioned_id, v.client_id, s.name, s.note, at, size],
        );
        parent = s.name;
      }
    }
  }
}
