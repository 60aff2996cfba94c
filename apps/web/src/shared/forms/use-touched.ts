/**
 * Which fields of a form the user has touched (changed or left). A form shows a field's error only
 * once it is touched — or once a submit was tried — so nobody arrives at a form already in red.
 */
import { useCallback, useState } from 'react';

export interface Touched<F extends string> {
  /** Whether the field's error may show. */
  shown: (field: F) => boolean;
  /** Marks the field touched (call it on change and on blur). */
  touch: (field: F) => void;
}

export function useTouched<F extends string>(): Touched<F> {
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const touch = useCallback((field: F) => {
    setTouched((prev) => (prev.has(field) ? prev : new Set([...prev, field])));
  }, []);
  const shown = useCallback((field: F) => touched.has(field), [touched]);
  return { shown, touch };
}
