/**
 * The VM console (spec 1 §2 console-open, spec 2 §7 'console creation'). VmConsole checks the
 * caller's server like any action on it (modules/vms checkAction: refused while it is being deleted
 * or out of contact), records a one-time session and answers a signed console-open link; the
 * console socket (console-socket.ts) takes the session once and reaches the VM's console through
 * its cluster's driver.
 */
import { CONSOLE_LINK_TTL_SECONDS, type ConsoleErrorCode, type VmConsoleAnswer } from '@portside/contract/console';
import type { Database } from '../../db/database.js';
import { HypervisorError, type ConsoleTarget, type HypervisorDriver } from '../../drivers/hypervisor/hypervisor.js';
import type { HypervisorRegistry } from '../../drivers/hypervisor/registry.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import { lockVm, type VmRecord } from '../vms/vms.repository.js';
import { checkAction } from '../vms/vms.service.js';
import { checkConsoleLink, consoleOpenPath, newConsoleToken, tokenHash } from './console-link.js';
import * as repo from './console.repository.js';

const notFound = (id: number) =>
  new AppError('NotFound', { hint: 'No server with this id in your account', details: `p_provisioned_id: ${id}` });

/**
 * The rules of opening a console on `vm`: those every action has (not while the server is being
 * deleted, not when contact is lost). 'rename' is checked because it adds no power or lock rule:
 * a console opens on a locked or stopped server too (a stopped one says so).
 */
function checkConsole(vm: VmRecord): void {
  checkAction(vm, 'rename');
}

/** VmConsole: a one-time console link for the caller's server `id`. */
export async function openConsole(u: UserCtx, id: number): Promise<VmConsoleAnswer> {
  const { token, hash } = newConsoleToken();
  const epoch = Math.floor(Date.now() / 1000);
  await u.tenant(async (tx) => {
    const vm = await lockVm(tx, id);
    if (!vm) throw notFound(id);
    checkConsole(vm);
    const kind = await repo.clusterConsoleKind(tx, vm.cluster_id);
    await repo.insertSession(tx, {
      clientId: vm.client_id,
      userId: u.principal.userId,
      provisionedId: vm.provisioned_id,
      tokenHash: hash,
      kind,
      epoch,
      ttlSeconds: CONSOLE_LINK_TTL_SECONDS,
    });
  });
  return { url: consoleOpenPath(u.secrets.dataKey, token, epoch) };
}

/** What a console socket needs. */
export interface ConsoleDeps {
  db: Database;
  /** The server's secrets; `dataKey` signs the links. */
  secrets: { dataKey: Buffer };
  hypervisors: HypervisorRegistry;
}

/** A console taken by its socket: the VM, its driver and the console its cluster opened. */
export interface OpenedConsole {
  vm: VmRecord;
  driver: HypervisorDriver;
  target: ConsoleTarget;
}

/** A refusal of a console socket, with the code the first frame names. */
export class ConsoleRefusal extends AppError {
  constructor(readonly consoleCode: ConsoleErrorCode) {
    super(consoleCode);
  }
}

/**
 * Checks a console socket's query, takes its session (exactly once) and opens the VM's console on
 * its cluster. Throws a {@link ConsoleRefusal}: CONSOLE_LINK_INVALID (altered or unknown link),
 * CONSOLE_LINK_EXPIRED, CONSOLE_LINK_USED, NotFound (server gone), the action rules' codes, or
 * CLUSTER_UNAVAILABLE.
 */
export async function takeConsole(deps: ConsoleDeps, query: Record<string, unknown>): Promise<OpenedConsole> {
  const check = checkConsoleLink(deps.secrets.dataKey, query, Math.floor(Date.now() / 1000));
  if (check === 'invalid') throw new ConsoleRefusal('CONSOLE_LINK_INVALID');
  if (check === 'expired') throw new ConsoleRefusal('CONSOLE_LINK_EXPIRED');
  const vm = await deps.db.system(async (tx) => {
    const s = await repo.consumeSession(tx, tokenHash(String(query.cookie)));
    if (s === 'unknown') throw new ConsoleRefusal('CONSOLE_LINK_INVALID');
    if (s === 'used') throw new ConsoleRefusal('CONSOLE_LINK_USED');
    if (s === 'expired') throw new ConsoleRefusal('CONSOLE_LINK_EXPIRED');
    await repo.purgeOldSessions(tx);
    const found = await lockVm(tx, s.provisioned_id);
    if (!found || found.client_id !== s.client_id) throw new ConsoleRefusal('NotFound');
    return found;
  });
  try {
    checkConsole(vm);
  } catch (e) {
    if (e instanceof AppError && (e.code === 'VM_PENDING_DELETE' || e.code === 'VM_CONTACT_LOST'))
      throw new ConsoleRefusal(e.code);
    throw e;
  }
  try {
    const driver = await deps.hypervisors.forCluster(vm.cluster_id);
    return { vm, driver, target: await driver.console(vm.vmid) };
  } catch (e) {
    throw new ConsoleRefusal(e instanceof HypervisorError && e.code === 'NOT_FOUND' ? 'NotFound' : 'CLUSTER_UNAVAILABLE');
  }
}
