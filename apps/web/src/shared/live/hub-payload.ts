/**
 * Reading the arguments of a hub's `ReceiveMessage`: a JSON text (or an object) holding
 * `provisioned_id` — or, on the 'tickets' hub, a ticket's number in `ticket`, on the 'dedicated' hub a
 * server's `serial` (a DedicatedLiveMessage, which its reader casts to) — is a live message;
 * anything else is not.
 */
import type { LiveUpdateMessage, TerminalMessage } from '@portside/contract/hubs';

/** Whatever a hub delivers. */
export type HubMessage = LiveUpdateMessage | TerminalMessage;

/** The live message an argument carries, or null (joined messages, noise, broken JSON). */
export function parseHubPayload(arg: unknown): HubMessage | null {
  let value: unknown = arg;
  if (typeof arg === 'string') {
    if (!arg.includes('provisioned_id') && !arg.includes('"ticket"') && !arg.includes('"serial"')) return null;
    try {
      value = JSON.parse(arg);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (!('provisioned_id' in record) && typeof record.ticket !== 'number' && typeof record.serial !== 'string') return null;
  return { ...record, message: typeof record.message === 'string' ? record.message : '' } as HubMessage;
}
