/**
 * TestClusterConnection, TestBmcConnection and TestRouterConnection (issue 18, role staff): what a
 * test body names — a registered one, whose sealed secret is opened here with the data key, or
 * the fields of a register form, of which nothing is stored — is asked its cheap read-only
 * question (connection-probes.ts) within the driver's time-out. The answer never holds a secret.
 */
import crypto from 'node:crypto';
import type { ConnectionTestAnswer, TestConnectionBody } from '@portside/contract/schemas/infra';
import { registerClusterSchema } from '@portside/contract/schemas/vms';
import { registerBmcSchema } from '@portside/contract/schemas/dedicated';
import { registerRouterSchema } from '@portside/contract/schemas/routers';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { openSecret } from '../../drivers/hypervisor/secret-box.js';
import { findCluster } from '../../drivers/hypervisor/registry.repository.js';
import { findBmcRow } from '../../drivers/baremetal/registry.repository.js';
import { SIMULATED_BMC_ADMIN } from '../../drivers/baremetal/simulator-bmc-spec.js';
import { findRouterRow } from '../../drivers/router/registry.repository.js';
import { SIMULATED_ROUTER_ADMIN } from '../../drivers/router/simulator-router.js';
import { probeBmc, probeCluster, probeRouter, type ClusterTarget } from './connection-probes.js';
import { connectionError } from './connection-errors.js';

/** A sealed secret opened, or the device's UNAVAILABLE error (another server's data key): the reason is not the key's. */
function open(u: UserCtx, sealed: string | null, code: 'CLUSTER_UNAVAILABLE' | 'BMC_UNAVAILABLE' | 'ROUTER_UNAVAILABLE'): string {
  try {
    return openSecret(u.secrets.dataKey, sealed ?? '');
  } catch {
    throw new AppError(code, { details: 'the stored secret cannot be opened with this server\u2019s data key' });
  }
}

/** A CA given in a form must be a certificate (as RegisterRouter checks), else the field is refused. */
function checkedCa(pem: string | undefined): string | null {
  const ca = pem?.trim() ? pem.trim() : null;
  if (ca === null) return null;
  try {
    new crypto.X509Certificate(ca);
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: 'p_ca_pem: invalid_data' });
  }
  return ca;
}

const answer = (details: ConnectionTestAnswer['details']): ConnectionTestAnswer => ({ ok: true, details });

export async function testCluster(u: UserCtx, b: TestConnectionBody): Promise<ConnectionTestAnswer> {
  let target: ClusterTarget;
  if (b.p_id !== undefined) {
    const c = await findCluster(u.db.owner, b.p_id);
    if (!c) throw new AppError('NotFound', { details: `p_id: ${b.p_id}` });
    target =
      c.driver === 'simulator'
        ? { driver: 'simulator', nodes: c.sim_nodes }
        : {
            driver: 'proxmox',
            apiUrl: c.api_url ?? '',
            tokenId: c.token_id ?? '',
            secret: open(u, c.secret_sealed, 'CLUSTER_UNAVAILABLE'),
            caPem: c.ca_pem,
          };
  } else {
    const f = registerClusterSchema.parse(b);
    target =
      f.p_driver === 'simulator'
        ? { driver: 'simulator', nodes: f.p_nodes ?? [] }
        : { driver: 'proxmox', apiUrl: f.p_api_url!, tokenId: f.p_token_id!, secret: f.p_secret!, caPem: checkedCa(f.p_ca_pem) };
  }
  const secret = target.driver === 'proxmox' ? target.secret : '';
  return answer(
    await probeCluster(u.db.owner, target, u.config.vms.proxmoxTimeoutMs ?? 30_000).catch((e: unknown) => {
      throw connectionError(e, 'cluster', [secret]);
    }),
  );
}

export async function testBmc(u: UserCtx, b: TestConnectionBody): Promise<ConnectionTestAnswer> {
  let record: Parameters<typeof probeBmc>[1];
  if (b.p_id !== undefined) {
    const row = await findBmcRow(u.db.owner, b.p_id);
    if (!row) throw new AppError('NotFound', { details: `p_id: ${b.p_id}` });
    record = {
      driver: row.driver,
      address: row.address,
      systemId: row.system_id,
      username: row.username,
      // The demo seed registers simulated BMCs without a password: they use the simulator's factory login.
      password:
        row.password_sealed === null && row.driver === 'simulator'
          ? SIMULATED_BMC_ADMIN.password
          : open(u, row.password_sealed, 'BMC_UNAVAILABLE'),
      useSession: row.use_session,
      caPem: row.ca_pem,
    };
  } else {
    const f = registerBmcSchema.parse(b);
    record = {
      driver: f.p_driver,
      address: f.p_address,
      systemId: f.p_system_id ?? '1',
      username: f.p_username,
      password: f.p_password,
      useSession: f.p_use_session ?? false,
      caPem: checkedCa(f.p_ca_pem),
    };
  }
  return answer(
    await probeBmc(u.db.owner, record, u.config.baremetal.redfishTimeoutMs).catch((e: unknown) => {
      throw connectionError(e, 'bmc', [record.password]);
    }),
  );
}

export async function testRouter(u: UserCtx, b: TestConnectionBody): Promise<ConnectionTestAnswer> {
  let record: Parameters<typeof probeRouter>[1];
  if (b.p_id !== undefined) {
    const row = await findRouterRow(u.db.owner, b.p_id);
    if (!row) throw new AppError('ROUTER_NOT_FOUND', { details: `p_id: ${b.p_id}` });
    record = {
      driver: row.driver,
      address: row.address,
      username: row.username,
      password:
        row.password_sealed === null && row.driver === 'simulator'
          ? SIMULATED_ROUTER_ADMIN.password
          : open(u, row.password_sealed, 'ROUTER_UNAVAILABLE'),
      caPem: row.ca_pem,
    };
  } else {
    const f = registerRouterSchema.parse(b);
    record = {
      driver: f.p_driver,
      address: f.p_address.replace(/\/+$/, ''),
      username: f.p_username,
      password: f.p_password,
      caPem: checkedCa(f.p_ca_pem),
    };
  }
  return answer(
    await probeRouter(u.db.owner, record, u.config.network.routerTimeoutMs).catch((e: unknown) => {
      throw connectionError(e, 'router', [record.password]);
    }),
  );
}
