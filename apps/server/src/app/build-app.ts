/**
 * The composition root of the API process: the Fastify app with every route of the registry, the
 * service host and the hubs, and the SPA, each added by a small registration step of this folder.
 * `http/` holds only the generic HTTP pieces those steps use.
 */
import { publishClientMarker } from '../modules/clients/internal-clients.js';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Mailer } from '../drivers/mail/mailer.js';
import { createStorage } from '../drivers/storage/create-storage.js';
import type { FileStorage } from '../drivers/storage/storage.js';
import { createHypervisorRegistry, type HypervisorRegistry } from '../drivers/hypervisor/registry.js';
import { createProxmoxFromCluster } from '../drivers/hypervisor/proxmox-cluster.js';
import { clientErrorHandler, installErrorHandling } from '../http/errors.js';
import { inlineQueue, type JobQueue } from '../jobs/queue.js';
import { buildRegistry } from '../registry.js';
import type { Registry } from '../routes/route-defs.js';
import type { Secrets } from '../secrets.js';
import { createLogger } from '../logger.js';
import { registerFiles } from './register-files.js';
import { registerHealthAndOpenApi } from './register-health.js';
import type { ReadinessState } from './readiness.js';
import { registerRpcs } from './register-rpcs.js';
import { registerServiceHosts } from './register-service-hosts.js';
import { registerSpa } from './register-spa.js';
import { registerViews } from './register-views.js';
import type { AppServices } from './request-context.js';
import { defaultNetwork, type NetworkDrivers } from '../drivers/network-drivers.js';
import { createBaremetalRegistry, type BaremetalRegistry } from '../drivers/baremetal/registry.js';
import { installSecurityHooks } from './security-hooks.js';
import { registerMetrics } from '../metrics/register-metrics.js';

export interface AppDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  mailer: Mailer;
  /** The storage driver; by default the local directory DATA_DIR/uploads. */
  storage?: FileStorage;
  /** The hypervisor drivers per cluster; by default from the clusters table with the config's simulator options. */
  hypervisors?: HypervisorRegistry;
  /** The DNS and gateway drivers; by default the configuration's. */
  network?: NetworkDrivers;
  /** The dedicated servers' BMC drivers; by default from the bmcs table with the config's options. */
  baremetal?: BaremetalRegistry;
  /**
   * Where long work goes (pg-boss in real processes). Without it — tests — jobs run in this process
   * in the background, as a worker would run them.
   */
  jobs?: JobQueue;
  /**
   * The process's one logger (main.ts): requests log through it as the jobs do. Without it (tests,
   * benches) the app makes its own at the config's level, with the same redaction.
   */
  logger?: FastifyBaseLogger;
  /** Set to draining by main.ts when the process stops: /readyz then answers 503 at once. */
  readiness?: ReadinessState;
}

/** The hypervisor registry of a process: the clusters table, the simulator options of the config, the proxmox driver. */
export function defaultHypervisors(config: Config, db: Database, secrets: Secrets): HypervisorRegistry {
  return createHypervisorRegistry({
    owner: db.owner,
    simulator: { taskDurationMs: config.vms.simTaskMs, firewallMs: config.network.simFirewallMs },
    proxmox: (cluster) => createProxmoxFromCluster(cluster, secrets.dataKey),
  });
}

/** The BMC registry of a process: the bmcs table, the simulator's power delay, the Redfish time-out. */
export function defaultBaremetal(config: Config, db: Database, secrets: Secrets): BaremetalRegistry {
  return createBaremetalRegistry({
    owner: db.owner,
    dataKey: secrets.dataKey,
    simulator: { powerDelayMs: config.baremetal.simPowerDelayMs },
    redfish: { timeoutMs: config.baremetal.redfishTimeoutMs },
  });
}

/** The API app serving `registry` (every route of the portal unless a test gives probes). */
export async function buildApp(deps: AppDeps, registry: Registry = buildRegistry()): Promise<FastifyInstance> {
  const { config, db, secrets, mailer } = deps;
  const storage = deps.storage ?? createStorage(config);
  const hypervisors = deps.hypervisors ?? defaultHypervisors(config, db, secrets);
  const network = deps.network ?? defaultNetwork(config, db, secrets.dataKey);
  const baremetal = deps.baremetal ?? defaultBaremetal(config, db, secrets);
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config.logLevel),
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
  });
  installErrorHandling(app);
  registerMetrics(app, config, db, registry);
  const jobs: JobQueue =
    deps.jobs ??
    inlineQueue(() => ({
      db,
      storage,
      hypervisors,
      network,
      baremetal,
      vms: config.vms,
      mailer,
      secrets,
      config,
      logger: app.log,
    }));
  // Jobs this process runs itself finish before the database goes away.
  if (!deps.jobs) app.addHook('onClose', () => jobs.stop());
  installSecurityHooks(app);

  const services: AppServices = { db, config, secrets, mailer, storage, jobs, hypervisors, network, baremetal };
  // Redfish sessions are logged out when the app closes (a BMC has few session slots).
  if (!deps.baremetal) app.addHook('onClose', () => baremetal.close());
  // Internal clients (spec 1 §6): the reads and rules in SQL see this process's marker.
  await publishClientMarker(app, db, config.providerClientMarker);
  if (!deps.network) app.addHook('onClose', () => network.routers.close());
  registerHealthAndOpenApi(app, db, registry, config, deps.readiness);
  registerViews(app, services, registry.views);
  await registerRpcs(app, services, registry.rpcs);
  registerFiles(app, services, registry.files ?? []);
  await registerServiceHosts(app, services);
  await registerSpa(app, config);
  return app;
}
