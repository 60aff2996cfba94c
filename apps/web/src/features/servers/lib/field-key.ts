/** The message key a refused call gives for one field (from its `p_field: key` detail lines). */
import { isMessageKey, type MessageKey } from '@portside/contract/messages';
import { ApiError } from '../../../shared/api/client';

export function fieldKeyOf(error: unknown, field: string): MessageKey | null {
  if (!(error instanceof ApiError) || !error.body.details) return null;
  for (const line of error.body.details.split('\n')) {
    const m = /^\s*([\w.]+):\s*([a-z0-9_]+)\s*$/.exec(line);
    if (m && m[1] === field && isMessageKey(m[2])) return m[2];
  }
  return null;
}
