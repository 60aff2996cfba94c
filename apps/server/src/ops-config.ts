/**
 * Configuration of running the portal in production (issue 19): where /metrics is served and who
 * may read it, how long a shutdown waits for work under way, and when a worker counts as gone.
 */
type Env = Record<string, string | undefined>;

export interface OpsConfig {
  /** SHUTDOWN_TIMEOUT_MS: how long a stopping process waits for requests and jobs under way (default 25000). */
  shutdownTimeoutMs: number;
  /**
   * SHUTDOWN_DRAIN_DELAY_MS: how long a stopping process keeps listening, answering /readyz with 503,
   * before it closes its listener (default 0): set it to the balancer's check interval times its
   * failure threshold so no new connection is refused before the balancer has taken the instance out.
   */
  drainDelayMs: number;
  /** WORKER_HEARTBEAT_STALE_MS: a worker heartbeat older than this makes /readyz answer 503, and its process's jobs retried (default 30000). */
  workerHeartbeatStaleMs: number;
  metrics: {
    /** METRICS_TOKEN: when set, /metrics on the public port needs `Authorization: Bearer <token>`. */
    token: string | null;
    /** METRICS_PORT: when set, /metrics is served only on this port (the public port answers 404). */
    port: number | null;
    /** METRICS_HOST: the address the metrics port listens on (default 127.0.0.1). */
    host: string;
  };
}

/** A whole number of `name` in [min, max], or `fallback` when unset; anything else is refused at start. */
function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not '${raw}'`);
  return n;
}

/** Reads and checks the operation settings of `env`; throws on a value that cannot work. */
export function loadOpsConfig(env: Env): OpsConfig {
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token !== null && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters long');
  const port = env.METRICS_PORT?.trim() ? whole('METRICS_PORT', env.METRICS_PORT, 0, 1, 65535) : null;
  return {
    shutdownTimeoutMs: whole('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000, 0, 600_000),
    drainDelayMs: whole('SHUTDOWN_DRAIN_DELAY_MS', env.SHUTDOWN_DRAIN_DELAY_MS, 0, 0, 600_000),
    workerHeartbeatStaleMs: whole('WORKER_HEARTBEAT_STALE_MS', env.WORKER_HEARTBEAT_STALE_MS, 30_000, 1_000, 3_600_000),
    metrics: { token, port, host: env.METRICS_HOST?.trim() || '127.0.0.1' },
  };
}
