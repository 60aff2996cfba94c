/**
 * Ends the session on the server (POST /api/rpc/Logout) so that a copy of the token stops working
 * at once instead of living out its lifetime. Best effort: a plain fetch, not the api client, so a
 * refusal (an expired or already ended token) never starts the client's forced logout through
 * /logout-raw — which would call this again — and a slow or absent server cannot hold the logout up
 * for longer than {@link SERVER_LOGOUT_TIMEOUT_MS}.
 */
import { API_BASE } from '../api/client';

/** How long a logout waits for the server at most. */
export const SERVER_LOGOUT_TIMEOUT_MS = 3000;

/** Sends Logout with `token`; resolves once answered, failed or timed out, never rejects. */
export async function endServerSession(token: string, timeoutMs = SERVER_LOGOUT_TIMEOUT_MS): Promise<void> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), timeoutMs);
  try {
    await fetch(`${API_BASE}/rpc/Logout`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{}',
      credentials: 'same-origin',
      // Finishes even when the page goes away right after (a full page load to the login page).
      keepalive: true,
      signal: controller.signal,
    });
  } catch {
    // Offline, timed out or refused: the token still ends in this browser, and at its expiry.
  } finally {
    window.clearTimeout(timer);
  }
}
