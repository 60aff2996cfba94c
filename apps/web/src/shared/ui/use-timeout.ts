/**
 * One pending timeout a component owns (e.g. a dialog closing 3 s after success): `start` replaces
 * any earlier one, `cancel` drops it, and it is dropped when the component unmounts.
 */
import { useCallback, useEffect, useRef } from 'react';

export function useTimeout(): { start(fn: () => void, ms: number): void; cancel(): void } {
  const timer = useRef<number | null>(null);
  const cancel = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(
    (fn: () => void, ms: number) => {
      cancel();
      timer.current = window.setTimeout(() => {
        timer.current = null;
        fn();
      }, ms);
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  return { start, cancel };
}
