/**
 * One line of the terminal: an optional label and the decoded text, with the time it was sent
 * (stored messages) or received (live ones). A line the server keyed (contract server-texts.ts)
 * keeps its key and parameters, so it is shown in the reader's language; `text` is its English.
 */
import type { HubMessage } from '../../../shared/live/hub-payload';
import { terminalText } from './decode-message';

export interface TerminalEntry {
  /** Unique within the page (a key for React). */
  id: number;
  label: string | null;
  text: string;
  /** The text's message key and parameters, when the server sent them. */
  textKey: string | null;
  textParams: Record<string, unknown> | null;
  /** ISO 8601 timestamp. */
  at: string;
  /** What identifies the same message arriving twice (live and stored). */
  key: string;
}

let nextId = 1;

/** The entry of a terminal hub message. */
export function entryFromMessage(message: HubMessage, at: string): TerminalEntry {
  const raw = message as unknown as Record<string, unknown>;
  const label = typeof raw.label === 'string' && raw.label.trim() ? raw.label.trim() : null;
  const key = [raw.provisioned_id, raw.label, raw.stage, raw.message]
    .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''))
    .join('\u0000');
  const textKey = typeof raw.text_key === 'string' ? raw.text_key : null;
  const params = raw.text_params;
  const textParams =
    typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : null;
  return { id: nextId++, label, text: terminalText(message.message), textKey, textParams, at, key };
}

/** The entry of a text that is not a hub message at all: shown raw, without a label. */
export function entryFromText(text: string, at: string): TerminalEntry {
  return { id: nextId++, label: null, text, textKey: null, textParams: null, at, key: `raw\u0000${text}` };
}

/** The last entry as the collapsed line shows it: '> ' and its label and the first line of `text` (the shown text). */
export function collapsedText(entry: TerminalEntry, text: string = entry.text): string {
  const line = text.split(/\r?\n/).find((l) => l.trim()) ?? '';
  return `> ${entry.label ? `${entry.label}: ` : ''}${line.trim()}`;
}
