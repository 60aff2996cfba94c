/**
 * The terminal console, loaded lazily (DESIGN §5: heavy parts load on demand) for the logged-in
 * shell. A chunk that fails to load leaves the shell without a terminal rather than broken.
 */
import { Suspense, lazy } from 'react';

const TerminalConsole = lazy(() => import('./components/terminal-console').catch(() => ({ default: () => null })));

export function TerminalMount() {
  return (
    <Suspense fallback={null}>
      <TerminalConsole />
    </Suspense>
  );
}
