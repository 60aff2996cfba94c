/**
 * Texts the server writes for people (issue 12): a service's description, the terminal panel's
 * lines and the live messages of VM operations and server creation. Each is stored and sent as a
 * message key with its parameters, next to its English text; the web shows the key's translation
 * in the reader's language (`<namespace>:<path>` of `apps/web/src/locales/<lng>/`), and a reader
 * that does not know a key (an older web, a newer server, the PDF, a log) keeps the English text.
 *
 * Parameters are names, codes and numbers, never words to translate, with one convention: a
 * `location` parameter is the hosting location's English name and `location_id` its id, which the
 * web turns into the location's name in the reader's language.
 */
import { z } from './zod';
import type { VmAction } from './schemas/vms';

/** The English text of every key; the web's English locale holds the same texts (a test compares them). */
export const SERVER_TEXTS = {
  'services:description.cloud_server': 'Cloud server {model} in {location}',
  'services:description.dedicated_server': 'Dedicated server {model} ({hostname}) in {location}',
  'services:description.ipv4_subnet': 'Additional IPv4 subnet /{prefix} ({count} addresses)',

  'terminal:ops.start.queued': 'Start requested',
  'terminal:ops.start.running': 'Starting server',
  'terminal:ops.start.done': 'Server started',
  'terminal:ops.stop.queued': 'Stop requested',
  'terminal:ops.stop.running': 'Stopping server',
  'terminal:ops.stop.done': 'Server stopped',
  'terminal:ops.reboot.queued': 'Reboot requested',
  'terminal:ops.reboot.running': 'Rebooting server',
  'terminal:ops.reboot.done': 'Server rebooted',
  'terminal:ops.reset.queued': 'Reset requested',
  'terminal:ops.reset.running': 'Resetting server',
  'terminal:ops.reset.done': 'Server reset',
  'terminal:ops.power_cycle.queued': 'Power cycle requested',
  'terminal:ops.power_cycle.running': 'Power cycling server',
  'terminal:ops.power_cycle.done': 'Server power cycled',
  'terminal:ops.lock.queued': 'Lock requested',
  'terminal:ops.lock.running': 'Locking server',
  'terminal:ops.lock.done': 'Server locked',
  'terminal:ops.unlock.queued': 'Unlock requested',
  'terminal:ops.unlock.running': 'Unlocking server',
  'terminal:ops.unlock.done': 'Server unlocked',
  'terminal:ops.rename.queued': 'Rename requested',
  'terminal:ops.rename.running': 'Renaming server',
  'terminal:ops.rename.done': 'Server renamed',
  'terminal:ops.delete.queued': 'Deletion requested',
  'terminal:ops.delete.running': 'Deleting server',
  'terminal:ops.delete.done': 'Server deleted',
  'terminal:ops.backup_enable.queued': 'Enabling backups requested',
  'terminal:ops.backup_enable.running': 'Enabling daily backups',
  'terminal:ops.backup_enable.done': 'Daily backups enabled: the first one runs tonight',
  'terminal:ops.backup_disable.queued': 'Disabling backups requested',
  'terminal:ops.backup_disable.running': 'Disabling backups and deleting all of them',
  'terminal:ops.backup_disable.done': 'Backups disabled and deleted',
  'terminal:ops.backup_now.queued': 'Backup requested',
  'terminal:ops.backup_now.running': 'Backing up the server',
  'terminal:ops.backup_now.done': 'Backup made',
  'terminal:ops.backup_protect.queued': 'Protection requested',
  'terminal:ops.backup_protect.running': 'Protecting the backup',
  'terminal:ops.backup_protect.done': 'Backup protected',
  'terminal:ops.backup_unprotect.queued': 'Removing protection requested',
  'terminal:ops.backup_unprotect.running': 'Removing the backup\u2019s protection',
  'terminal:ops.backup_unprotect.done': 'Backup no longer protected',
  'terminal:ops.backup_delete.queued': 'Deletion of the backup requested',
  'terminal:ops.backup_delete.running': 'Deleting the backup',
  'terminal:ops.backup_delete.done': 'Backup deleted',
  'terminal:ops.backup_restore.queued': 'Restore requested',
  'terminal:ops.backup_restore.running': 'Restoring the server from the backup',
  'terminal:ops.backup_restore.done': 'Server restored from the backup',
  'terminal:ops.backup_restore_clone.queued': 'Restore to a new server requested',
  'terminal:ops.backup_restore_clone.running': 'Making a new server from the backup',
  'terminal:ops.backup_restore_clone.done': 'New server made from the backup',
  'terminal:ops.snapshot_create.queued': 'Snapshot requested',
  'terminal:ops.snapshot_create.running': 'Taking the snapshot',
  'terminal:ops.snapshot_create.done': 'success:{name}',
  'terminal:ops.snapshot_delete.queued': 'Deletion of the snapshot requested',
  'terminal:ops.snapshot_delete.running': 'Deleting the snapshot',
  'terminal:ops.snapshot_delete.done': 'Snapshot deleted',
  'terminal:ops.snapshot_rollback.queued': 'Rollback requested',
  'terminal:ops.snapshot_rollback.running': 'Rolling back to the snapshot',
  'terminal:ops.snapshot_rollback.done': 'rollback:{name}',
  'terminal:ops.iso_attach.queued': 'Attaching the ISO image requested',
  'terminal:ops.iso_attach.running': 'Attaching the ISO image',
  'terminal:ops.iso_attach.done': 'ISO image attached: reboot the server to boot from it',
  'terminal:ops.iso_detach.queued': 'Detaching the ISO image requested',
  'terminal:ops.iso_detach.running': 'Detaching the ISO image',
  'terminal:ops.iso_detach.done': 'ISO image detached: reboot now or later',
  'terminal:ops.boot_order.queued': 'Boot order change requested',
  'terminal:ops.boot_order.running': 'Setting the boot order to {order}',
  'terminal:ops.boot_order.done': 'Boot order set to {order}: it applies at the next boot',
  'terminal:ops.boot_order.done_rebooted': 'Boot order set to {order} and the server rebooted',
  'terminal:ops.bios.queued': 'Firmware change requested',
  'terminal:ops.bios.running': 'Switching the firmware to {bios}',
  'terminal:ops.bios.done': 'Firmware switched to {bios}',
  'terminal:ops.tpm_add.queued': 'Adding a TPM 2.0 requested',
  'terminal:ops.tpm_add.running': 'Adding the TPM 2.0 state disk',
  'terminal:ops.tpm_add.done': 'TPM 2.0 added',
  'terminal:ops.tpm_remove.queued': 'Removing the TPM requested',
  'terminal:ops.tpm_remove.running': 'Removing the TPM state disk',
  'terminal:ops.tpm_remove.done': 'TPM removed',
  'terminal:ops.root_password.queued': 'Root password reset requested',
  'terminal:ops.root_password.running': 'Setting the new password through the guest agent',
  'terminal:ops.root_password.done': 'Root password set: log in as {user} with the new password',
  'terminal:ops.upgrade.queued': 'Upgrade to {model} requested',
  'terminal:ops.upgrade.running': 'Upgrading the server to {model}',
  'terminal:ops.upgrade.hardware': 'Setting {cores} cores and {ram_gb} GB memory',
  'terminal:ops.upgrade.disk': 'Growing the disk to {disk_gb} GB',
  'terminal:ops.upgrade.reboot': 'Rebooting the server to apply the new model',
  'terminal:ops.upgrade.done': 'Server upgraded to {model}',
  'terminal:ops.resize.queued': 'Disk resize to {disk_gb} GB scheduled',
  'terminal:ops.resize.running': 'Growing the disk to {disk_gb} GB',
  'terminal:ops.resize.done':
    'Disk resized to {disk_gb} GB: grow the partition and file system in the system if it does not do so itself',
  'terminal:ops.rebuild.queued': 'Rebuild with {image} requested',
  'terminal:ops.rebuild.running': 'Rebuilding the server with {image}: all data is erased',
  'terminal:ops.rebuild.stop': 'Stopping the server',
  'terminal:ops.rebuild.erase': 'Erasing the server',
  'terminal:ops.rebuild.image': 'Installing {image} from the system image',
  'terminal:ops.rebuild.setup': 'Setting up hardware, disk, SSH keys and the new root password',
  'terminal:ops.rebuild.boot': 'Starting the server for its first boot',
  'terminal:ops.rebuild.done': 'Server rebuilt with {image}',
  'terminal:ops.assign_ipv4.queued': 'IPv4 address requested',
  'terminal:ops.assign_ipv4.running': 'Configuring the IPv4 address {ip}',
  'terminal:ops.assign_ipv4.done': 'IPv4 address {ip} assigned: it is configured at the next boot',
  'terminal:forward.queued': 'Port forwarding {gateway}:{port}/{protocol} to port {target_port} requested',
  'terminal:forward.active': 'Port forwarding {gateway}:{port}/{protocol} to port {target_port} active',
  'terminal:forward.failed': 'The gateway refused port forwarding {gateway}:{port}/{protocol}: {reason}',
  'terminal:forward.removed': 'Port forwarding {gateway}:{port}/{protocol} removed',
  'terminal:ops.firewall.queued': 'Firewall changes submitted',
  'terminal:ops.firewall.running': 'Saving {rules} firewall rules (about 40 seconds)',
  'terminal:ops.firewall.done': 'Firewall rules saved: {rules} rules',
  'terminal:ops.firewall.done_blocked': 'Firewall rules saved: {rules} rules, everything else blocked',
  'terminal:ops.snapshot_rollback.deleting': 'Deleting the later snapshot {name}',
  'terminal:ops.backup_disable.deleting': 'Deleting the backup of {date}',
  'terminal:ops.iso_attach.copying': 'Copying the ISO image to the server\u2019s node',
  'terminal:ops.failed.clone_create': 'The new server could not be made: {reason}',
  'iso:download.queued': 'Download of {name} queued',
  'iso:download.progress': 'Downloading {name}: {percent} %',
  'iso:download.done': '{name} is ready',
  'iso:download.failed': 'Download of {name} failed: {reason}',
  'iso:delete.done': '{name} deleted',
  'iso:failed.too_large': 'The file is larger than {max} MB',
  'iso:failed.not_iso': 'The file is not an ISO 9660 image',
  'iso:failed.http': 'The server answered HTTP {status}',
  'iso:failed.address': 'The address {host} is not reachable from the internet',
  'iso:failed.network': 'The download stopped: {reason}',
  'terminal:ops.failed.timeout':
    'The server did not reach the new state within {ms} ms. Its state is shown as the cluster reports it.',
  'terminal:ops.failed.task': 'The cluster task failed',
  'terminal:ops.failed.cluster': 'The cluster answered: {reason}',

  'terminal:create.queued': 'Server creation queued',
  'terminal:create.image': 'Creating the server from the system image',
  'terminal:create.backup': 'Creating the server from the backup',
  'terminal:create.clone': 'Copying the server {source}',
  'terminal:create.setup': 'Setting up hardware, disk and first-boot data',
  'terminal:create.first_boot': 'Starting the server for its first boot',
  'terminal:create.done': 'Server ready',
  'terminal:create.failed.cluster': 'Server creation failed: {reason}',
  'terminal:create.failed.task': 'Server creation failed: The cluster task failed',
  'terminal:create.failed.no_cluster': 'Server creation failed: No cluster serves the location {location}',
  'terminal:create.failed.no_address': 'Server creation failed: No free {family} address is left in this location',
  'terminal:create.failed.timeout':
    'Server creation failed: The server was not ready in time. Nothing is charged for it; please order it again or contact support.',
} as const;

export type ServerTextKey = keyof typeof SERVER_TEXTS;

/** A parameter's value: a name, a code or a number. */
export type ServerTextParams = Record<string, string | number>;

/** A text as it is stored and sent: its key, its parameters and its English rendering. */
export interface ServerText {
  key: ServerTextKey;
  params: ServerTextParams;
}

/** The parameters of a stored text as a view answers them (a JSON object of names, codes and numbers). */
export const serverTextParamsField = z.record(z.string(), z.union([z.string(), z.number()]));

/** Whether `key` is a key this contract knows. */
export function isServerTextKey(key: unknown): key is ServerTextKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(SERVER_TEXTS, key);
}

/** `{name}` placeholders filled from `params`; a missing one stays as written. */
export function fillPlaceholders(template: string, params: ServerTextParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** The English text of a key and its parameters (what the old columns and fields keep). */
export function englishText(text: ServerText): string {
  return fillPlaceholders(SERVER_TEXTS[text.key], text.params);
}

/** A text with its parameters: `serverText('terminal:create.failed.cluster', { reason })`. */
export function serverText(key: ServerTextKey, params: ServerTextParams = {}): ServerText {
  return { key, params };
}

/** The key of a VM action's stage: `terminal:ops.power_cycle.done`. */
export function vmActionTextKey(action: VmAction, stage: 'queued' | 'running' | 'done'): ServerTextKey {
  return `terminal:ops.${action.replaceAll('-', '_')}.${stage}` as ServerTextKey;
}
