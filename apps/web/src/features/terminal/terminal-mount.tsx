/**
 * The terminal console, loaded lazily (DESIGN §5: heavy parts load on demand) for the logged-in
 * shell, and only once the page has rendered: the panel sits below the page, so its code stays off
 * the first load. A chunk that fails to load leaves the shell without a terminal rather than broken.
 */
import { Suspense, lazy, useEffect, useState } from 'react';

const TerminalConsole = lazy(() => import('./components/terminal-console').catch(() => ({ default: () => null })));

export function TerminalMount() {
  const [rendered, setRendered] = useState(false);
  useEffect(() => setRendered(true), []);
  if (!rendered) return null;
  return (
    <Suspense fallback={null}>
      <TerminalConsole />
    </Suspense>
  );
}
