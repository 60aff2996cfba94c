/**
 * Problems of an upload, line by line: found while the user types (the contract's parser, the
 * same the server runs) or reported by the server as `p_keys.<line>: <message key>` details
 * (e.g. a key the project already holds).
 */
import { isMessageKey, type MessageKey } from '@portside/contract/messages';
import { parseSshKeyList } from '@portside/contract/rules/ssh-key';
import { ApiError } from '../../../shared/api/client';

export interface LineProblem {
  line: number;
  key: MessageKey;
  /** The earlier line holding the same key. */
  sameAs?: number;
}

/** What the text holds: keys ready to upload, and the refused lines. */
export function checkKeyText(text: string): { ready: number; problems: LineProblem[] } {
  if (text.trim() === '') return { ready: 0, problems: [] };
  const { keys, errors } = parseSshKeyList(text);
  return { ready: keys.length, problems: errors.map((e) => ({ line: e.line, key: e.error, sameAs: e.sameAs })) };
}

/** The line problems of a refused upload, from its details; empty for any other error. */
export function serverLineProblems(error: unknown): LineProblem[] {
  if (!(error instanceof ApiError) || !error.body.details) return [];
  return error.body.details.split('\n').flatMap((line) => {
    const m = /^p_keys\.(\d+):\s*([a-z0-9_]+)$/.exec(line.trim());
    return m && isMessageKey(m[2]) ? [{ line: Number(m[1]), key: m[2] }] : [];
  });
}
