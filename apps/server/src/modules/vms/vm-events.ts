/**
 * What a VM operation tells the browser (spec 2 §3 live-update message, §7 terminal payload): a
 * live update on the hub of the operation's kind, and a line for the terminal panel. Both are
 * written in the caller's transaction (hub_messages + NOTIFY), so they go out exactly when the
 * change they describe is committed.
 */
import type { HubKind } from '@portside/contract/hubs';
import type { VmAction } from '@portside/contract/schemas/vms';
import { publishHubMessage } from '../../hubs/publish.js';

type Queryable = Parameters<typeof publishHubMessage>[0];

/** The English lines of each action's stages: asked for, under way, done (the terminal panel shows them as they come). */
export const ACTION_TEXT: Record<VmAction, { queued: string; running: string; done: string }> = {
  start: { queued: 'Start requested', running: 'Starting server', done: 'Server started' },
  stop: { queued: 'Stop requested', running: 'Stopping server', done: 'Server stopped' },
  reboot: { queued: 'Reboot requested', running: 'Rebooting server', done: 'Server rebooted' },
  reset: { queued: 'Reset requested', running: 'Resetting server', done: 'Server reset' },
  'power-cycle': { queued: 'Power cycle requested', running: 'Power cycling server', done: 'Server power cycled' },
  lock: { queued: 'Lock requested', running: 'Locking server', done: 'Server locked' },
  unlock: { queued: 'Unlock requested', running: 'Unlocking server', done: 'Server unlocked' },
  rename: { queued: 'Rename requested', running: 'Renaming server', done: 'Server renamed' },
  delete: { queued: 'Deletion requested', running: 'Deleting server', done: 'Server deleted' },
};

/** The hub an action's updates go to. */
export function kindOf(action: VmAction): HubKind {
  if (action === 'lock' || action === 'unlock') return 'lock';
  if (action === 'rename') return 'rename';
  return 'power';
}

/** A live update and its terminal line for `vm`. */
export async function publishVmUpdate(
  q: Queryable,
  vm: { client_id: string; provisioned_id: number; name: string },
  kind: HubKind,
  m: { status: string; power_status: string; state: string; message: string; stage: string },
): Promise<void> {
  await publishHubMessage(q, {
    clientId: vm.client_id,
    kind,
    provisionedId: vm.provisioned_id,
    payload: { provisioned_id: vm.provisioned_id, ...m },
  });
  await publishHubMessage(q, {
    clientId: vm.client_id,
    kind: 'terminal',
    provisionedId: vm.provisioned_id,
    payload: {
      provisioned_id: vm.provisioned_id,
      label: vm.name,
      state: m.state,
      stage: m.stage,
      message: Buffer.from(m.message, 'utf8').toString('base64'),
    },
  });
}
