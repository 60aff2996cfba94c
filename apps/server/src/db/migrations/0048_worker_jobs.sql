-- Up Migration

-- Each worker process lists in its heartbeat the pg-boss jobs it runs at that moment. A job left
-- active by a process that died (killed, its machine gone) is then failed by the live workers as
-- soon as its process's heartbeat is stale, so pg-boss retries it at once instead of after the
-- queue's expiry (minutes) — for a periodic job's 'stately' queue, which takes no new run while
-- one is active, that expiry would stop the job altogether. NULL: a process of an older version,
-- which does not list its jobs; while one lives, nobody's jobs are failed this way.
ALTER TABLE worker_heartbeats ADD COLUMN jobs uuid[];

-- Down Migration
ALTER TABLE worker_heartbeats DROP COLUMN jobs;
