/**
 * The staff's upkeep of SwitchesConnections (issue 18): which server port is cabled to which switch
 * port is the provider's own record (no device reports it), so staff set and remove connections.
 * An unknown switch is 404 SWITCH_NOT_FOUND, an unknown server 404 DEDICATED_NOT_FOUND; nothing changes then.
 */
import type { SwitchConnectionDeleteBody, SwitchConnectionSetBody } from '@portside/contract/schemas/routers';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import * as repo from './switches.repository.js';

export async function setSwitchConnection(u: UserCtx, b: SwitchConnectionSetBody): Promise<{ success: true }> {
  await u.db.system(async (tx) => {
    if (!(await repo.switchExists(tx, b.p_switch)))
      throw new AppError('SWITCH_NOT_FOUND', { details: `p_switch: ${b.p_switch}` });
    if (!(await repo.serverExists(tx, b.p_server)))
      throw new AppError('DEDICATED_NOT_FOUND', { details: `p_server: ${b.p_server}` });
    await repo.setConnection(tx, {
      switchId: b.p_switch,
      port: b.p_port,
      serial: b.p_server,
      serverPort: b.p_server_port,
      vlan: b.p_vlan ?? null,
      speed: b.p_speed_mbps ?? null,
      note: b.p_note ? b.p_note : null,
    });
  });
  return { success: true };
}

export async function deleteSwitchConnection(u: UserCtx, b: SwitchConnectionDeleteBody): Promise<{ success: true }> {
  const gone = await u.db.system((tx) => repo.deleteConnection(tx, b.p_switch, b.p_port));
  if (!gone) throw new AppError('SWITCH_NOT_FOUND', { details: `p_port: ${b.p_port}` });
  return { success: true };
}
