/**
 * Hypervisor clusters, for staff (issue 4: 'Staff can register a Proxmox cluster (URL, token id,
 * secret kept encrypted) — a staff API is enough here'): the Clusters view (never the secret) and
 * RegisterCluster. The token secret is sealed with the server's data key before it is stored;
 * only the workers' owner connection reads the sealed column and opens it.
 */
import { registerClusterSchema } from '@portside/contract/schemas/vms';
import { defineRpc, role, type RpcDef } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import { sealSecret } from '../../drivers/hypervisor/secret-box.js';

export const clustersRpcs: RpcDef[] = [
  defineRpc({
    name: 'RegisterCluster',
    access: role('staff'),
    schema: registerClusterSchema,
    audit: true,
    auditTarget: (b) => `${b.p_driver} cluster ${b.p_name}`,
    handler: (ctx, b) =>
      ctx.db.system(async (tx) => {
        const loc = await tx.query(`SELECT 1 FROM hosting_locations WHERE id = $1`, [b.p_location]);
        if (!loc.rowCount) throw new AppError('VALIDATION_FAILED', { details: 'p_location: invalid_data' });
        const taken = await tx.query(`SELECT 1 FROM clusters WHERE name = $1`, [b.p_name]);
        if (taken.rowCount) throw new AppError('CLUSTER_NAME_TAKEN', { details: `p_name: ${b.p_name}` });
        const r =
          b.p_driver === 'proxmox'
            ? await tx.query<{ id: number }>(
                `INSERT INTO clusters (name, location_id, driver, api_url, token_id, secret_sealed, ca_pem)
                 VALUES ($1, $2, 'proxmox', $3, $4, $5, $6) RETURNING id`,
                [
                  b.p_name,
                  b.p_location,
                  b.p_api_url,
                  b.p_token_id,
                  sealSecret(ctx.secrets.dataKey, b.p_secret!),
                  b.p_ca_pem ?? null,
                ],
              )
            : await tx.query<{ id: number }>(
                `INSERT INTO clusters (name, location_id, driver, sim_nodes) VALUES ($1, $2, 'simulator', $3) RETURNING id`,
                [b.p_name, b.p_location, b.p_nodes],
              );
        return { success: true, id: r.rows[0]!.id };
      }),
  }),
];
