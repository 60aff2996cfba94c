/**
 * RemoveCluster, RemoveBmc, RemoveRouter (issue 18, role staff): a registration nothing uses any
 * more is deleted with its sealed secret; one still used is refused with INFRA_IN_USE (409) and
 * stays as it was, an unknown id is NotFound (ROUTER_NOT_FOUND for a router, as elsewhere).
 */
import type { InfraRemoveBody } from '@portside/contract/schemas/infra';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { removeUnused, type InfraTable } from './infra.repository.js';

export async function removeInfra(u: UserCtx, table: InfraTable, b: InfraRemoveBody): Promise<{ success: true; name: string }> {
  const r = await u.db.system((tx) => removeUnused(tx, table, b.p_id));
  if (r.outcome === 'removed') return { success: true, name: r.name };
  if (r.outcome === 'in-use') throw new AppError('INFRA_IN_USE', { details: `p_id: ${b.p_id}` });
  throw new AppError(table === 'routers' ? 'ROUTER_NOT_FOUND' : 'NotFound', { details: `p_id: ${b.p_id}` });
}
