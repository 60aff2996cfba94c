/**
 * Port forwarding (issue 15; hub kind port-forwarding): a server without a public IPv4 address is
 * reached on an external port of its location's IPv4 gateway. The port is taken under a lock per
 * gateway and protocol (port_forward_free_port) and the unique index stands behind it, so
 * concurrent requests never share one. The GatewaySync job makes the gateway's forwards the
 * portal's (every account's on that gateway, in one push) and tells each server's page.
 */
import type { PortForwardAnswer } from '@portside/contract/schemas/network';
import { FORWARD_PORT_MAX, FORWARD_PORT_MIN, MAX_FORWARDS_PER_SERVER } from '@portside/contract/rules/network';
import { serverText } from '@portside/contract/server-texts';
import { AppError } from '../../http/errors.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import { GatewayError } from '../../drivers/gateway/gateway.js';
import { JobName, JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import { lockVm } from '../vms/vms.repository.js';
import { publishVmUpdate } from '../vms/vm-events.js';
import * as repo from './port-forwards.repository.js';
import { assignPrivateIpv4, networkOf } from '../vms/ip-pools.repository.js';

type Caller = Pick<Ctx, 'jobs'> & Pick<UserCtx, 'tenant' | 'principal'>;

function sync(jobs: Pick<Ctx, 'jobs'>['jobs'], gateway: string): Promise<unknown> {
  return jobs.send(JobName.GatewaySync, { gateway }, { singletonKey: `gateway-${gateway}` }).catch(() => null);
}

const label = (f: { gateway: string; external_port: number; protocol: string; internal_port?: number }) => ({
  gateway: f.gateway,
  port: f.external_port,
  protocol: f.protocol,
  target_port: f.internal_port ?? 0,
});

/** AddPortForwarding: an external port of the gateway (the one asked for, or the next free) to the server's port. */
export async function addPortForwarding(
  u: Caller,
  b: {
    p_provisioned_id: number;
    p_internal_port: number;
    p_protocol: 'tcp' | 'udp';
    p_external_port?: number | null;
    p_comment?: string;
  },
): Promise<PortForwardAnswer> {
  const id = b.p_provisioned_id;
  const out = await u.tenant(async (tx) => {
    const vm = await lockVm(tx, id);
    if (!vm)
      throw new AppError('NotFound', { hint: 'No server with this id in your account', details: `p_provisioned_id: ${id}` });
    const net = (await repo.serverNet(tx, id))!;
    if (net.ipv4) throw new AppError('FORWARD_HAS_IPV4', { details: `ip: ${net.ipv4}` });
    const gateway = await repo.gatewayOf(tx, net.location_id);
    // Destination NAT keeps the family: the server is forwarded to on a private IPv4 address behind the gateway.
    const inside = gateway ? await assignPrivateIpv4(tx, id, net.location_id) : null;
    if (!gateway || !inside) throw new AppError('FORWARD_NO_GATEWAY', { details: `location: ${net.location_id}` });
    const have = await repo.serverForwards(tx, id, b.p_protocol, b.p_internal_port);
    if (have.taken) throw new AppError('FORWARD_EXISTS', { details: `${b.p_protocol} ${b.p_internal_port}` });
    if (have.n >= MAX_FORWARDS_PER_SERVER) throw new AppError('FORWARD_LIMIT', { details: `${have.n} forwards` });
    const wanted = b.p_external_port ?? null;
    const port = await repo.freePort(tx, gateway, b.p_protocol, wanted, FORWARD_PORT_MIN, FORWARD_PORT_MAX);
    if (port === null)
      throw new AppError(wanted ? 'FORWARD_PORT_TAKEN' : 'FORWARD_PORTS_EXHAUSTED', { details: `${gateway} ${b.p_protocol}` });
    const forward = {
      client_id: vm.client_id,
      provisioned_id: id,
      location_id: net.location_id,
      gateway,
      external_port: port,
      internal_port: b.p_internal_port,
      protocol: b.p_protocol,
      comment: b.p_comment ?? '',
    };
    const fid = await repo.insertForward(tx, forward);
    await publishVmUpdate(tx, vm, 'port-forwarding', {
      status: 'queued',
      power_status: vm.power_status,
      state: 'pending',
      text: serverText('terminal:forward.queued', label(forward)),
      stage: 'pre-port-forwarding',
    });
    return { id: fid, gateway, external_port: port };
  });
  await sync(u.jobs, out.gateway);
  return out;
}

/** DelPortForwarding: the forward removed from the portal at once and from the gateway by the next push. */
export async function delPortForwarding(u: Caller, fid: number): Promise<{ id: number }> {
  const gone = await u.tenant(async (tx) => {
    const f = await repo.deleteForward(tx, fid);
    if (!f) throw new AppError('FORWARD_NOT_FOUND', { details: `p_id: ${fid}` });
    const vm = await lockVm(tx, f.provisioned_id);
    if (vm)
      await publishVmUpdate(tx, vm, 'port-forwarding', {
        status: 'ok',
        power_status: vm.power_status,
        state: 'removed',
        text: serverText('terminal:forward.removed', label(f)),
        stage: 'post-port-forwarding',
      });
    return f;
  });
  await sync(u.jobs, gone.gateway);
  return { id: fid };
}

/** GatewaySync: the gateway's forwards made the portal's; those that changed state are announced. */
export async function syncGateway(deps: JobDeps, gateway: string): Promise<JobResult> {
  const rows = await deps.db.system((tx) => repo.gatewayForwards(tx, gateway));
  const usable = rows.filter((r) => r.target !== null);
  // A server's private address first goes into its network settings (the guest takes it at its next boot).
  const unconfigured = new Map(usable.filter((x) => !x.configured).map((x) => [x.provisioned_id, x]));
  for (const r of unconfigured.values()) {
    const network = await deps.db.system((tx) => networkOf(tx, String(r.provisioned_id)));
    if (!network) continue;
    const driver = await deps.hypervisors.forCluster(r.cluster_id);
    await driver.setNetwork(r.vmid, network);
    await deps.db.system((tx) => repo.markPrivateConfigured(tx, r.provisioned_id));
  }
  let state: 'active' | 'failed' = 'active';
  let reason = '';
  try {
    await deps.network.gateway.setForwards(
      gateway,
      usable.map((r) => ({
        protocol: r.protocol,
        externalPort: r.external_port,
        target: r.target!,
        targetPort: r.internal_port,
        comment: `portside:${r.id} server ${r.provisioned_id}`,
      })),
    );
  } catch (e) {
    if (!(e instanceof GatewayError && e.code === 'REFUSED')) throw e;
    state = 'failed';
    reason = e.message;
  }
  const changed = rows.filter((r) => r.state !== state);
  await deps.db.system(async (tx) => {
    await repo.setForwardStates(
      tx,
      changed.map((r) => r.id),
      state,
    );
    for (const r of changed) {
      const vm = { client_id: r.client_id, provisioned_id: r.provisioned_id, name: r.server_name };
      const f = { gateway, external_port: r.external_port, protocol: r.protocol, internal_port: r.internal_port };
      await publishVmUpdate(tx, vm, 'port-forwarding', {
        status: state === 'active' ? 'ok' : 'error',
        power_status: '',
        state,
        text: serverText(state === 'active' ? 'terminal:forward.active' : 'terminal:forward.failed', { ...label(f), reason }),
        stage: 'post-port-forwarding',
      });
    }
  });
  if (state === 'failed') return { status: JobStatus.Failed, detail: `${gateway}: the gateway refused: ${reason}` };
  return { status: JobStatus.Success, detail: `${gateway}: ${usable.length} forwards, ${changed.length} changed` };
}

/** The sweep's part: gateways with forwards not active after a minute are pushed again. */
export async function resyncGateways(deps: JobDeps): Promise<number> {
  const gateways = await deps.db.system((tx) => repo.gatewaysToResync(tx));
  for (const g of gateways) await sync(deps.jobs, g);
  return gateways.length;
}
