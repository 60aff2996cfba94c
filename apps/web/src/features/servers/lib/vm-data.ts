/**
 * The rules of a server's backups, snapshots and ISO image as the web applies them (spec 1 §4
 * 'Rules', spec 2 §3): which live kinds concern which tab, what a message says, what a rollback
 * deletes, and why an action is not open now.
 */
import type { HubKind, LiveUpdateMessage } from '@portside/contract/hubs';
import type { VmSnapshotRow } from '@portside/contract/schemas/vm-data';
import type { VmAction, VmRow } from '@portside/contract/schemas/vms';
import { isBusy, type BlockReason } from './vm-rules';
import { vmActionBlock } from '@portside/contract/rules/vm-actions';
import { buildPath } from '@portside/contract/routes';
import type { CreateOrderAnswer } from '@portside/contract/schemas/orders';

/** The live kinds of one server's backups, snapshots and CD drive. */
export const BACKUP_KINDS = [
  'backup-toggle',
  'backup-protect',
  'backup-now',
  'backup-restore',
] as const satisfies readonly HubKind[];
export const SNAPSHOT_KINDS = ['snapshot-create', 'snapshot-delete', 'snapshot-rollback'] as const satisfies readonly HubKind[];
export const IMAGE_KINDS = ['iso-mount', 'iso-detach'] as const satisfies readonly HubKind[];
/** The account's ISO images (provisioned_id 0: no server). */
export const ISO_KINDS = ['iso-download', 'iso-delete'] as const satisfies readonly HubKind[];

/** A backup counts as existing or protected when the message's state is 'on' (spec 1 §4). */
export function isStateOn(state: string | null | undefined): boolean {
  return (state ?? '').trim().toLowerCase() === 'on';
}

/** A snapshot's name: the message text without its 'success:' and 'rollback:' prefixes (spec 1 §4). */
export function snapshotNameOf(text: string): string {
  let name = text.trim();
  for (;;) {
    const prefix = ['success:', 'rollback:'].find((p) => name.toLowerCase().startsWith(p));
    if (!prefix) return name.trim();
    name = name.slice(prefix.length).trimStart();
  }
}

/** An ISO mount counts as ok when the status equals 'ok' (spec 1 §4). */
export function isMountOk(status: string | null | undefined): boolean {
  return status === 'ok';
}

/** A live message's state of the work: still running, finished, or failed. */
export type LivePhase = 'running' | 'ok' | 'error';

/** queued and running are 'running'; ok and error end it; anything else is read as running. */
export function livePhaseOf(message: Pick<LiveUpdateMessage, 'status'>): LivePhase {
  if (message.status === 'ok') return 'ok';
  if (message.status === 'error') return 'error';
  return 'running';
}

/**
 * The snapshots a rollback to `name` deletes: every later one (spec 1 §4: rolling back deletes all
 * later snapshots). Rows in any order; the answer is oldest first. A name not in the list gives none.
 */
export function snapshotsAfter(rows: readonly Pick<VmSnapshotRow, 'name' | 'created_at'>[], name: string): string[] {
  const target = rows.find((r) => r.name === name);
  if (!target) return [];
  const at = Date.parse(target.created_at);
  return [...rows]
    .filter((r) => r.name !== name && Date.parse(r.created_at) > at)
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
    .map((r) => r.name);
}

/** The ways a restore to a new server can be paid: the checkout's, but the trial. */
export const CLONE_PAYMENT_METHODS = ['card', 'bank_transfer', 'balance'] as const;
export type ClonePaymentMethod = (typeof CLONE_PAYMENT_METHODS)[number];

/**
 * Where the browser goes after VmBackupRestoreToClone (its answer is CreateOrder's), as after the
 * checkout: a card payment to the provider's page (or the return page when already settled), a
 * bank transfer to its instructions; a balance payment stays, the new server being made at once.
 */
export function afterCloneOrder(
  answer: Pick<CreateOrderAnswer, 'order_id' | 'payment'>,
  method: ClonePaymentMethod,
): { kind: 'redirect'; url: string } | { kind: 'route'; path: string } | { kind: 'stay' } {
  const orderId = String(answer.order_id);
  if (method === 'card') {
    return answer.payment?.redirect_url
      ? { kind: 'redirect', url: answer.payment.redirect_url }
      : { kind: 'route', path: buildPath('payment-return', { orderId }) };
  }
  if (method === 'bank_transfer') return { kind: 'route', path: buildPath('payment-return-banktransfer', { orderId }) };
  return { kind: 'stay' };
}

/** A fresh idempotency key for one restore-to-clone order (8 to 100 of A-Z a-z 0-9 _ -). */
export function newOrderKey(): string {
  return `clone-${crypto.randomUUID()}`;
}

/** The name a restore to a new server suggests (the server's default): `<name>-clone`. */
export function cloneNameOf(vmName: string): string {
  return `${vmName}-clone`;
}

type VmState = Pick<VmRow, 'state' | 'power_status' | 'locked' | 'active_status' | 'operation'>;

/**
 * Why a backup, snapshot or ISO action is not open now, or null when it is: the contract's rule
 * (restore, restore to a new server and rollback need the server unlocked), told whether an
 * operation runs.
 */
export function dataActionBlock(vm: VmState, action: VmAction): BlockReason | null {
  return vmActionBlock(vm, action, { busy: isBusy(vm) });
}
