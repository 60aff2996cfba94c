/**
 * The metrics port (METRICS_PORT on METRICS_HOST, issue 19): a plain HTTP server answering only
 * GET /metrics, kept off the public port (and run by worker-only processes too, which have no
 * public port). METRICS_TOKEN, when set, is asked for here as well.
 */
import http from 'node:http';
import type pg from 'pg';
import { AppError } from '../http/errors.js';
import type { OpsConfig } from '../ops-config.js';
import { checkMetricsAccess } from './metrics-access.js';
import { renderMetrics } from './scrape.js';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

function sendError(res: http.ServerResponse, e: AppError): void {
  res.writeHead(e.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(e.body()));
}

/** Listens on the metrics port; resolves once listening. */
export async function startMetricsServer(metrics: OpsConfig['metrics'], owner: pg.Pool | null): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') return sendError(res, new AppError('NotFound'));
    try {
      if (metrics.token !== null) checkMetricsAccess(metrics, req);
    } catch (e) {
      return sendError(res, e as AppError);
    }
    renderMetrics(owner).then(
      (m) => {
        res.writeHead(200, { 'content-type': m.contentType, 'cache-control': 'no-store' });
        res.end(m.text);
      },
      () => sendError(res, new AppError('INTERNAL')),
    );
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(metrics.port ?? 0, metrics.host, () => ok());
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
