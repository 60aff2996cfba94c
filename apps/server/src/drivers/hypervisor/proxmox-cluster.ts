/**
 * The `proxmox` driver for a registered cluster: its API address, token id and CA from the
 * clusters row, its token secret opened from the sealed column with the server's data key.
 */
import { HypervisorError, type HypervisorDriver } from './hypervisor.js';
import { createProxmoxHypervisor } from './proxmox.js';
import type { ClusterRecord } from './registry.repository.js';
import { openSecret } from './secret-box.js';

export function createProxmoxFromCluster(cluster: ClusterRecord, dataKey: Buffer): HypervisorDriver {
  if (!cluster.api_url || !cluster.token_id || !cluster.secret_sealed) {
    throw new HypervisorError('BAD_PARAMETER', `cluster ${cluster.name}: address, token id or secret missing`);
  }
  return createProxmoxHypervisor({
    baseUrl: cluster.api_url,
    tokenId: cluster.token_id,
    secret: openSecret(dataKey, cluster.secret_sealed),
    ...(cluster.ca_pem ? { ca: cluster.ca_pem } : {}),
  });
}
