/**
 * Navigates to `path` after `ms` once `path` is set (e.g. to the login page a few seconds after a
 * confirmation). The page still shows a link, so nobody has to wait for it.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

export function useDelayedRedirect(path: string | null, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!path) return;
    const timer = window.setTimeout(() => navigate(path, { replace: true }), ms);
    return () => window.clearTimeout(timer);
  }, [path, ms, navigate]);
}
