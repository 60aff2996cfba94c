/**
 * The joined message a hub sends after connecting (spec 2 §3 'Notification connection', §5):
 * `<connection id>_joined_[<destination>]`. It is acted on only when it contains the joined
 * marker and splits into at least two parts.
 */

const MARKER = '_joined_';

/** A parsed joined message. */
export interface JoinedMessage {
  connectionId: string;
  destination: string;
}

/** The connection id and destination of a joined message, or null when the text is not one. */
export function parseJoinedMessage(text: unknown): JoinedMessage | null {
  if (typeof text !== 'string' || !text.includes(MARKER)) return null;
  const parts = text.split(MARKER);
  if (parts.length < 2) return null;
  const connectionId = parts[0]!.trim();
  const destination = parts.slice(1).join(MARKER).trim().replace(/^\[/, '').replace(/\]$/, '');
  return connectionId ? { connectionId, destination } : null;
}
