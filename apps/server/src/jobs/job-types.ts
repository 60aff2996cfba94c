/**
 * The job catalogue (CONVENTIONS 'Jobs', after Immich's JobName / JobOf<T>): every job has a name
 * here and a typed payload; each handler says how it went.
 */
import type { Database } from '../db/database.js';
import type { Config } from '../config.js';
import type { HypervisorRegistry } from '../drivers/hypervisor/registry.js';
import type { FileStorage } from '../drivers/storage/storage.js';
import type { Mailer } from '../drivers/mail/mailer.js';
import type { Secrets } from '../secrets.js';
import type { NetworkDrivers } from '../drivers/network-drivers.js';
import type { BaremetalRegistry } from '../drivers/baremetal/registry.js';
import type { Logger } from '../logger.js';

/** The name of every job; also its pg-boss queue name. */
export enum JobName {
  /** Daily: deletes identity documents 6 months after their review (spec 2 §9). */
  VerificationPurgeDocuments = 'verification.purge-documents',
  /** One operation on a cloud VM (power, lock, rename, delete) carried out through its cluster's driver. */
  VmOperation = 'vm.operation',
  /** One ordered server made through its location's cluster driver (modules/orders/provision.ts). */
  OrderProvision = 'order.provision',
  /** Monthly, on the 1st: each account's invoice for the month that ended (or the month given). */
  BillingMonthly = 'billing.monthly',
  /** Daily: services at the end of their last day — trials kept or removed, ended services, their servers deleted. */
  ServicesEnd = 'services.end',
  /** Every few seconds: each cluster's inventory read into its VMs (activity levels, prox_sync_success). */
  ClusterSync = 'clusters.sync',
  /** Every few seconds: VM operations nobody works on sent again, or given up after too many runs. */
  VmSweepOperations = 'vm.sweep-operations',
  /** Every few seconds: ordered servers nobody works on sent again, or failed and refunded. */
  OrderSweepProvisioning = 'order.sweep-provisioning',
  /** One issued invoice mailed to its account's owner, after the transaction that issued it. */
  InvoiceMail = 'invoice.mail',
  /** Every minute: invoice mails that failed (SMTP down) sent again; the safety net of InvoiceMail. */
  InvoiceMailRetry = 'invoice.mail-retry',
  /** Hourly: expired hub messages and connection mappings deleted. */
  HubsPrune = 'hubs.prune',
  /** Every minute: the daily backups whose slot in the 00:00-03:00 window of their location has come. */
  BackupsDaily = 'backups.daily',
  /** One ISO image downloaded from the URL a customer gave (modules/iso/iso-download.ts). */
  IsoDownload = 'iso.download',
  /** An IP set's copies on the clusters made equal to its entries after they changed (modules/network/firewall-push.ts). */
  IpsetSync = 'network.ipset-sync',
  /** One address's reverse DNS name pushed to the DNS (modules/network/reverse-dns.ts). */
  ReverseDnsPush = 'network.ptr-push',
  /** A gateway's port forwards made equal to the portal's (modules/network/port-forwards-push.ts). */
  GatewaySync = 'network.gateway-sync',
  /** Every minute: reverse names and port forwards not yet pushed sent again; unverified custom domains looked up. */
  NetworkSweep = 'network.sweep',
  /** One power function of a dedicated server sent to its BMC and followed to its end state (modules/dedicated). */
  DedicatedPower = 'dedicated.power',
  /** Every 30 s: each dedicated server's power state read from its BMC, its inventory every ten minutes. */
  DedicatedSync = 'dedicated.sync',
  /** A VPN server's WireGuard configuration written into its guest and loaded (modules/vpn/vpn-push.ts). */
  VpnPush = 'vpn.push',
  /** Every 30 s: pushes sent for the VPN servers whose configuration is due and that nobody is pushing. */
  VpnSweep = 'vpn.sweep',
  /** Every ten minutes: each router's subnets, ARP table and DHCP leases read (modules/routers). */
  RoutersSync = 'routers.sync',
  /** The routers staff asked to rebuild (RoutersRebuildSubnets) read at once. */
  RoutersRebuild = 'routers.rebuild',
}

/** The payload of each job. */
export interface JobPayloads {
  [JobName.VerificationPurgeDocuments]: Record<string, never>;
  [JobName.VmOperation]: { operationId: string };
  [JobName.OrderProvision]: { itemId: string };
  /** month: 'YYYY-MM'; the month that just ended when left out. */
  [JobName.BillingMonthly]: { month?: string };
  [JobName.ServicesEnd]: Record<string, never>;
  [JobName.ClusterSync]: Record<string, never>;
  [JobName.VmSweepOperations]: Record<string, never>;
  [JobName.OrderSweepProvisioning]: Record<string, never>;
  [JobName.InvoiceMail]: { invoiceId: number };
  [JobName.InvoiceMailRetry]: Record<string, never>;
  [JobName.HubsPrune]: Record<string, never>;
  [JobName.BackupsDaily]: Record<string, never>;
  [JobName.IsoDownload]: { isoId: number };
  [JobName.IpsetSync]: { ipsetId: number };
  [JobName.ReverseDnsPush]: { provisionedId: number; address: string };
  [JobName.GatewaySync]: { gateway: string };
  [JobName.NetworkSweep]: Record<string, never>;
  [JobName.DedicatedPower]: { jobId: string };
  [JobName.DedicatedSync]: Record<string, never>;
  [JobName.VpnPush]: { provisionedId: number };
  [JobName.VpnSweep]: Record<string, never>;
  [JobName.RoutersSync]: Record<string, never>;
  /** routerId: the one router to read; all marked ones when left out. */
  [JobName.RoutersRebuild]: { routerId?: number };
}

/** A job as a handler receives it. */
export interface JobOf<T extends JobName> {
  name: T;
  data: JobPayloads[T];
}

/** How a run ended. Failed runs are retried by the queue; Skipped means there was nothing to do. */
export enum JobStatus {
  Success = 'success',
  Failed = 'failed',
  Skipped = 'skipped',
}

export interface JobResult {
  status: JobStatus;
  /** A short account of what was done, kept with the job. */
  detail?: string;
}

/**
 * What a process gives its jobs: the database (the application role; handlers pick the context),
 * the drivers and the logger. The runner adds itself as {@link JobDeps.jobs}.
 */
export interface JobServices {
  db: Database;
  storage: FileStorage;
  /** The process's pino logger (logger.ts); the runner gives each run a child bound to the job. */
  logger: Logger;
  /** The driver of each hypervisor cluster. */
  hypervisors: HypervisorRegistry;
  /** The DNS and the gateways (issue 15). */
  network: NetworkDrivers;
  /** The driver of each dedicated server's BMC (issue 17). */
  baremetal: BaremetalRegistry;
  /** How VM operations are followed (poll interval, the state time-out) and how often clusters are read. */
  vms: Pick<Config['vms'], 'pollMs' | 'stateTimeoutMs' | 'heartbeatMs'>;
  /** The mail driver (invoice e-mails). */
  mailer: Mailer;
  /** The data key (the invoice e-mail's hashed pay link). */
  secrets: Pick<Secrets, 'dataKey'>;
  /** What links in mails are made of: the portal's public URL and the link issuer. */
  config: Pick<Config, 'publicUrl' | 'port' | 'notificationIssuer' | 'iso'>;
}

/** What handlers work with: the process's services, and the queue to send follow-up jobs to. */
export interface JobDeps extends JobServices {
  jobs: Pick<JobQueue, 'send'>;
}

/** Sending jobs: pg-boss in the api processes, or the inline queue of tests (queue.ts). */
export interface JobQueue {
  /** Enqueues a job; `singletonKey` makes a second send of the same key a no-op while one waits. */
  send<T extends JobName>(name: T, data: JobPayloads[T], opts?: { singletonKey?: string }): Promise<string | null>;
  /** Stops sending and closes connections. */
  stop(): Promise<void>;
}

/** A handler: idempotent (safe to run twice for the same job). */
export type JobHandler<T extends JobName> = (deps: JobDeps, job: JobOf<T>) => Promise<JobResult>;

/** What the worker heartbeat (worker-heartbeat.ts) needs of the process's job runner. */
export interface HeldJobs {
  /** The ids of the pg-boss jobs this process runs now. */
  heldJobs(): readonly string[];
  /** Fails jobs of a queue by id, so that pg-boss retries them. */
  failJobs(name: string, ids: string[]): Promise<void>;
}
