/**
 * POST /api/rpc/SessionsEndAll {p_confirm: true} → {success, ended}: 'log out everywhere', this
 * session included. The caller then leaves through /logout-raw, since this token is refused now.
 */
import { useMutation } from '@tanstack/react-query';
import type { SessionsEndAllAnswer } from '@portside/contract/schemas/sessions';
import { api } from '../../../shared/api/client';

export function endAllSessions(): Promise<SessionsEndAllAnswer> {
  return api.rpc<SessionsEndAllAnswer>('SessionsEndAll', { p_confirm: true });
}

export function useEndAllSessions() {
  return useMutation({ mutationKey: ['settings', 'SessionsEndAll'], mutationFn: endAllSessions });
}
