import { describe, expect, it } from 'vitest';
import { loadOpsConfig } from './ops-config.js';

describe('loadOpsConfig', () => {
  it('has safe defaults: metrics on loopback only, 25 s to drain, a worker stale after 30 s', () => {
    expect(loadOpsConfig({})).toEqual({
      shutdownTimeoutMs: 25_000,
      drainDelayMs: 0,
      workerHeartbeatStaleMs: 30_000,
      metrics: { token: null, port: null, host: '127.0.0.1' },
    });
  });

  it('reads every setting', () => {
    const c = loadOpsConfig({
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.7',
      SHUTDOWN_TIMEOUT_MS: '5000',
      SHUTDOWN_DRAIN_DELAY_MS: '2000',
      WORKER_HEARTBEAT_STALE_MS: '60000',
    });
    expect(c).toEqual({
      shutdownTimeoutMs: 5000,
      drainDelayMs: 2000,
      workerHeartbeatStaleMs: 60_000,
      metrics: { token: 'a-long-enough-metrics-token', port: 9464, host: '10.0.0.7' },
    });
  });

  it('refuses values that cannot work', () => {
    expect(() => loadOpsConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadOpsConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a whole number from 1 to 65535/);
    expect(() => loadOpsConfig({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT/);
    expect(() => loadOpsConfig({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadOpsConfig({ WORKER_HEARTBEAT_STALE_MS: '10' })).toThrow(/WORKER_HEARTBEAT_STALE_MS/);
  });
});
