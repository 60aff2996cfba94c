/**
 * Where the shell puts a page's help panel: it loads (with the read of the help text) once the
 * page has rendered, so nothing of it is on the first load (not even the contract's list of content
 * pages, which show their help text as the page itself and get no panel: help-panel.tsx).
 */
import { Suspense, lazy, useEffect, useState } from 'react';

const HelpPanel = lazy(() =>
  import('./help-panel').then(
    (m) => ({ default: m.HelpPanel }),
    () => ({ default: () => null }),
  ),
);

export function HelpPanelMount({ label }: { label: string | undefined }) {
  const [rendered, setRendered] = useState(false);
  useEffect(() => setRendered(true), []);
  if (!rendered || !label) return null;
  return (
    <Suspense fallback={null}>
      <HelpPanel key={label} label={label} />
    </Suspense>
  );
}
