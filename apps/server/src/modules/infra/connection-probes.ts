/**
 * The cheap, read-only questions a 'test connection' asks each kind of device (issue 18): a
 * Proxmox VE cluster its version and node list, a Redfish BMC its service root and Systems, a
 * RouterOS router its IPv4 addresses; a simulated one the same through its simulator driver. Each
 * answers what answered and how fast, or throws the driver's own error, which
 * connection-errors.ts turns into the catalogue's. Nothing is written and no secret leaves here.
 */
import type pg from 'pg';
import type { ConnectionTestAnswer } from '@portside/contract/schemas/infra';
import { createClient } from '../../drivers/hypervisor/proxmox-client.js';
import { createSimulatorHypervisor } from '../../drivers/hypervisor/simulator.js';
import { createRedfishClient } from '../../drivers/baremetal/redfish-client.js';
import { createSimulatorBmc } from '../../drivers/baremetal/simulator-bmc.js';
import type { BmcRecord } from '../../drivers/baremetal/baremetal.js';
import { createRouterOsRouter } from '../../drivers/router/routeros-router.js';
import { createSimulatorRouter } from '../../drivers/router/simulator-router.js';
import type { RouterRecord } from '../../drivers/router/router.js';

export type ProbeDetails = ConnectionTestAnswer['details'];

/** A cluster to test: its registration with the token secret in the clear. */
export type ClusterTarget =
  | { driver: 'proxmox'; apiUrl: string; tokenId: string; secret: string; caPem: string | null }
  | { driver: 'simulator'; nodes: string[] };

const SIMULATOR = 'Portside simulator';

async function timed(fn: () => Promise<Omit<ProbeDetails, 'latency_ms'>>): Promise<ProbeDetails> {
  const started = performance.now();
  const out = await fn();
  return { ...out, latency_ms: Math.round(performance.now() - started) };
}

/** Proxmox: `GET /version` then `GET /nodes`, each within `timeoutMs`; the simulator: its inventory's nodes. */
export function probeCluster(owner: pg.Pool, c: ClusterTarget, timeoutMs: number): Promise<ProbeDetails> {
  return timed(async () => {
    if (c.driver === 'simulator') {
      const inventory = await createSimulatorHypervisor(owner, { nodes: c.nodes.length ? c.nodes : null }).inventory();
      return { product: SIMULATOR, version: null, count_of: 'nodes', count: inventory.nodes.length };
    }
    const client = createClient({
      baseUrl: c.apiUrl,
      tokenId: c.tokenId,
      secret: c.secret,
      timeoutMs,
      ...(c.caPem ? { ca: c.caPem } : {}),
    });
    const version = await client.call<{ version?: unknown; release?: unknown } | null>('GET', '/version');
    const nodes = await client.call<unknown[] | null>('GET', '/nodes');
    return {
      product: 'Proxmox VE',
      version: typeof version?.version === 'string' ? version.version : null,
      count_of: 'nodes',
      count: Array.isArray(nodes) ? nodes.length : 0,
    };
  });
}

/** Redfish: the service root (no login) then `Systems` (with the login); the simulator: its system. */
export function probeBmc(owner: pg.Pool, b: Omit<BmcRecord, 'id'>, timeoutMs: number): Promise<ProbeDetails> {
  return timed(async () => {
    if (b.driver === 'simulator') {
      await createSimulatorBmc(owner, b).system();
      return { product: SIMULATOR, version: null, count_of: 'systems', count: 1 };
    }
    const client = createRedfishClient(b, { timeoutMs });
    try {
      const root = await client.get('/redfish/v1/');
      const systems = await client.get('/redfish/v1/Systems');
      const members = systems['Members@odata.count'] ?? (Array.isArray(systems.Members) ? systems.Members.length : 0);
      const product = [root.Vendor, root.Product].filter((x): x is string => typeof x === 'string' && x !== '').join(' ');
      return {
        product: product || 'Redfish',
        version: typeof root.RedfishVersion === 'string' ? `Redfish ${root.RedfishVersion}` : null,
        count_of: 'systems',
        count: typeof members === 'number' ? members : 0,
      };
    } finally {
      // A session login is logged out again: a BMC has few session slots.
      await client.close();
    }
  });
}

/** RouterOS (and the simulator): `GET /rest/ip/address`, the router's IPv4 addresses. */
export function probeRouter(
  owner: pg.Pool,
  r: Pick<RouterRecord, 'driver' | 'address' | 'username' | 'password' | 'caPem'>,
  timeoutMs: number,
): Promise<ProbeDetails> {
  return timed(async () => {
    if (r.driver === 'simulator') {
      const addresses = await createSimulatorRouter(owner, r).addresses();
      return { product: SIMULATOR, version: null, count_of: 'addresses', count: addresses.length };
    }
    const driver = createRouterOsRouter(r, { timeoutMs });
    try {
      return { product: 'RouterOS', version: null, count_of: 'addresses', count: (await driver.addresses()).length };
    } finally {
      await driver.close();
    }
  });
}
