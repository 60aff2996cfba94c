-- Up Migration

-- Worker processes (PORTSIDE_ROLES=worker) note that they live every few seconds (issue 19): one
-- row per process, written and read through the owner connection only. /readyz answers 503 when
-- the newest row is older than WORKER_HEARTBEAT_STALE_MS, so a load balancer sees a portal whose
-- jobs nobody runs. No account data: the application role has no rights on it.
CREATE TABLE worker_heartbeats (
  host text NOT NULL,
  pid int NOT NULL,
  roles text[] NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (host, pid)
);
CREATE INDEX worker_heartbeats_seen_idx ON worker_heartbeats (seen_at DESC);
ALTER TABLE worker_heartbeats ENABLE ROW LEVEL SECURITY;
CREATE POLICY system_only ON worker_heartbeats USING (portside_system());

-- Down Migration
DROP TABLE worker_heartbeats;
