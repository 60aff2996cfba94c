/**
 * Pages meant for a visitor without a session (/session-expired, /welcome/:originCountry) follow
 * the session state: opened by a logged-in user (a bookmark, the back button) they would show a
 * logged-out card inside the app beside 'Hello, …', so they send the user to the dashboard
 * instead. The inactivity logout reaches /session-expired with SESSION_ENDED_STATE while it is
 * still clearing the session: that visit stays.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSessionEndedState } from '../../../shared/session/session-ended';
import { useSession } from '../../../shared/session/store';

/** Renders `children` unless a live session is open (then the dashboard). */
export function ForVisitorsOnly({ children }: { children: ReactNode }) {
  const details = useSession('customerDetails');
  const state: unknown = useLocation().state;
  if (details && !isSessionEndedState(state)) return <Navigate to="/dashboard" replace />;
  return children;
}
