/** The flash of the collapsed line: a 200 ms pulse each second, five times (see panel-rules). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flashSchedule } from './panel-rules';

/** Whether the line is lit now, and a function that (re)starts the flash. */
export function useFlash(): [lit: boolean, start: () => void] {
  const [lit, setLit] = useState(false);
  const timers = useRef<number[]>([]);

  const stop = useCallback(() => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  }, []);

  const start = useCallback(() => {
    stop();
    timers.current = flashSchedule().map((step) => window.setTimeout(() => setLit(step.lit), step.atMs));
  }, [stop]);

  useEffect(() => stop, [stop]);
  return [lit, start];
}
