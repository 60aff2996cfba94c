/**
 * What a VM operation tells the browser (spec 2 §3 live-update message, §7 terminal payload): a
 * live update on the hub of the operation's kind, and a line for the terminal panel. Both are
 * written in the caller's transaction (hub_messages + NOTIFY), so they go out exactly when the
 * change they describe is committed.
 */
import type { HubKind } from '@portside/contract/hubs';
import type { VmAction } from '@portside/contract/schemas/vms';
import { englishText, type ServerText } from '@portside/contract/server-texts';
import { publishHubMessage } from '../../hubs/publish.js';

type Queryable = Parameters<typeof publishHubMessage>[0];

/** The hub an action's updates go to. */
export function kindOf(action: VmAction): HubKind {
  return ACTION_KINDS[action] ?? 'power';
}

/** The hub of each action that is not a power action. */
const ACTION_KINDS: Partial<Record<VmAction, HubKind>> = {
  lock: 'lock',
  unlock: 'lock',
  rename: 'rename',
  'backup-enable': 'backup-toggle',
  'backup-disable': 'backup-toggle',
  'backup-delete': 'backup-toggle',
  'backup-protect': 'backup-protect',
  'backup-unprotect': 'backup-protect',
  'backup-now': 'backup-now',
  'backup-restore': 'backup-restore',
  'backup-restore-clone': 'backup-restore',
  'snapshot-create': 'snapshot-create',
  'snapshot-delete': 'snapshot-delete',
  'snapshot-rollback': 'snapshot-rollback',
  'iso-attach': 'iso-mount',
  'iso-detach': 'iso-detach',
  'boot-order': 'boot-order',
  bios: 'tpm-update',
  'tpm-add': 'tpm-update',
  'tpm-remove': 'tpm-update',
  upgrade: 'model-upgrade',
  resize: 'resize',
  rebuild: 'create',
  'assign-ipv4': 'assign-ipv4',
};

/**
 * The parameters of an operation that its texts may name (`{model}`, `{disk_gb}`, `{order}`):
 * names, codes and numbers; never the sealed password nor plans.
 */
export function textParamsOf(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'secret') continue;
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
}

/**
 * A live update and its terminal line for `vm`. The text goes out as its key and parameters
 * (`text_key`, `text_params`, shown in the reader's language) and in English (`message`, for
 * readers that do not know the key).
 */
export async function publishVmUpdate(
  q: Queryable,
  vm: { client_id: string; provisioned_id: number; name: string },
  kind: HubKind,
  m: { status: string; power_status: string; state: string; text: ServerText; stage: string },
): Promise<void> {
  const { text, ...rest } = m;
  const message = englishText(text);
  await publishHubMessage(q, {
    clientId: vm.client_id,
    kind,
    provisionedId: vm.provisioned_id,
    payload: { provisioned_id: vm.provisioned_id, ...rest, message, text_key: text.key, text_params: text.params },
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
      message: Buffer.from(message, 'utf8').toString('base64'),
      text_key: text.key,
      text_params: text.params,
    },
  });
}
