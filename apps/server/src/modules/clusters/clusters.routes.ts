/**
 * Hypervisor clusters, for staff (issue 4: 'Staff can register a Proxmox cluster (URL, token id,
 * secret kept encrypted) — a staff API is enough here'): the Clusters view (never the secret) and
 * RegisterCluster. The token secret is sealed with the server's data key before it is stored;
 * only the workers' owner connection reads the sealed column and opens it.
 */
import { registerClusterSchema } from '@portside/contract/schemas/vms';
import { role } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { AppError } from '../../http/errors.js';
import { sealSecret } from '../../drivers/hypervisor/secret-box.js';
import * as clusters from './clusters.repository.js';
import { answerField, target } from '../audit/audit-target.js';

export const clustersRpcs: AnyRpc[] = [
  defineRpc({
    name: 'RegisterCluster',
    access: role('staff'),
    schema: registerClusterSchema,
    audit: true,
    auditTarget: (b, r) => [target('cluster', answerField(r, 'id'), b.p_name), `(${b.p_driver})`],
    handler: (ctx, b) =>
      ctx.db.system(async (tx) => {
        if (!(await clusters.locationExists(tx, b.p_location)))
          throw new AppError('VALIDATION_FAILED', { details: 'p_location: invalid_data' });
        if (await clusters.clusterNameTaken(tx, b.p_name))
          throw new AppError('CLUSTER_NAME_TAKEN', { details: `p_name: ${b.p_name}` });
        const id =
          b.p_driver === 'proxmox'
            ? await clusters.insertProxmoxCluster(tx, {
                name: b.p_name,
                location: b.p_location,
                apiUrl: b.p_api_url!,
                tokenId: b.p_token_id!,
                secretSealed: sealSecret(ctx.secrets.dataKey, b.p_secret!),
                caPem: b.p_ca_pem ?? null,
              })
            : await clusters.insertSimulatorCluster(tx, { name: b.p_name, location: b.p_location, nodes: b.p_nodes! });
        return { success: true, id };
      }),
  }),
];
