/**
 * The shapes the notification hubs deliver (spec 2 §3 'Live-update message', spec 1 §3 'Terminal
 * push payload', spec 2 §7 'Websocket'). Kept here until the contract's hubs module lands; the
 * names and fields match it so that callers can switch imports without changes.
 */

/** The hub kinds: one websocket endpoint `/hubs/<kind>` per event kind. */
export type HubKind = string;

/** A live update of a server (most hub kinds). */
export interface LiveUpdateMessage {
  provisioned_id: string | number;
  status: string;
  power_status?: string | null;
  state?: string | null;
  message: string;
  stage?: string | null;
}

/** A message of the terminal hub: `message` is base64-encoded text (or raw text). */
export interface TerminalMessage {
  provisioned_id: string | number;
  label?: string | null;
  'backup-id'?: string | null;
  state?: string | null;
  stage?: string | null;
  message: string;
}

/** Whatever a hub delivers. */
export type HubMessage = LiveUpdateMessage | TerminalMessage;
