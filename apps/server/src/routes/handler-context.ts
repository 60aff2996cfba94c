/**
 * What a route's handler receives. The context is typed by the route's declared access: a public
 * route's handler gets {@link Ctx} (the caller may be anyone), every other one {@link UserCtx}
 * (the caller is a logged-in user and its tenant's database context is open to it), so no
 * handler has to check who called it.
 */
import type { Database, Tx } from '../db/database.js';
import type { Config } from '../config.js';
import type { Mailer } from '../drivers/mail/mailer.js';
import type { FileStorage } from '../drivers/storage/storage.js';
import type { HypervisorRegistry } from '../drivers/hypervisor/registry.js';
import type { NetworkDrivers } from '../drivers/network-drivers.js';
import type { BaremetalRegistry } from '../drivers/baremetal/registry.js';
import type { JobQueue } from '../jobs/job-types.js';
import type { Access, PublicAccess } from '../http/access.js';
import type { Principal, UserPrincipal } from '../http/principal.js';
import type { Secrets } from '../secrets.js';
import type { Logger } from '../logger.js';

/** What every handler gets. */
export interface Ctx {
  db: Database;
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
  ip: string;
  /** The request's User-Agent header ('' when absent): the device a login session is shown as. */
  userAgent: string;
  /** The storage driver (uploads, ID documents). */
  storage: FileStorage;
  principal: Principal;
  /** Hands long work to the workers (VM operations). */
  jobs: Pick<JobQueue, 'send'>;
  /** The driver of each hypervisor cluster. */
  hypervisors: HypervisorRegistry;
  /** The DNS and the gateways (issue 15). */
  network: NetworkDrivers;
  /** The driver of each dedicated server's BMC (issue 17). */
  baremetal: BaremetalRegistry;
  /** The request's logger: for what goes wrong after the answer is settled (a mail not sent). */
  log: Logger;
}

/** What the handler of a route that needs a user gets: the user, and SQL in its tenant's context. */
export interface UserCtx extends Ctx {
  principal: UserPrincipal;
  /** Runs SQL inside the caller's tenant context (row-level security applies). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** The context of a handler of a route declared with access `A`. */
export type CtxOf<A extends Access> = A extends PublicAccess ? Ctx : UserCtx;
