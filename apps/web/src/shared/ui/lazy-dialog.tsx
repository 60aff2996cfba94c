/**
 * Dialogs load with their first opening, not with the screen that offers them: their code and
 * Mantine's Modal stay off the first load. Once opened, a dialog stays mounted, as it was before
 * (closing keeps its transition, and its state survives a reopening).
 */
import { Suspense, useState, type ReactNode } from 'react';

/** True from the first render in which `opened` is true on. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  // Derived state, set while rendering (React re-renders at once, before committing).
  if (opened && !once) setOnce(true);
  return once || opened;
}

/** Renders `children`, a dialog made with React.lazy, from its first opening on. */
export function LazyDialog({ opened, children }: { opened: boolean; children: ReactNode }) {
  const mounted = useOpenedOnce(opened);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
