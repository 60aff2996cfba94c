/**
 * The navigation state the inactivity logout sends with its move to /session-expired: the page
 * shows its card although the session is still being cleared at that moment (a logged-in user who
 * opens the page otherwise goes to the dashboard).
 */
export const SESSION_ENDED_STATE = { sessionEnded: true } as const;

/** Whether a location's state is {@link SESSION_ENDED_STATE}. */
export function isSessionEndedState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { sessionEnded?: unknown }).sessionEnded === true;
}
