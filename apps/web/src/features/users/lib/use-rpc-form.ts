/**
 * Form state for a users dialog, checked with the same contract schema as the server: field errors
 * are message keys (shown as validation:<key>), from the schema on submit or from a
 * VALIDATION_FAILED answer's `p_field: key` details.
 */
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { isMessageKey } from '@portside/contract/messages';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { ApiError } from '../../../shared/api/client';

/** Field → message key of its error. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The field errors a VALIDATION_FAILED answer carries, or null for any other error. */
export function serverFieldErrors(e: unknown): Record<string, string> | null {
  if (!(e instanceof ApiError) || e.body.code !== 'VALIDATION_FAILED' || !e.body.details) return null;
  const out: Record<string, string> = {};
  for (const line of e.body.details.split('\n')) {
    const m = /^\s*([\w.]+):\s*([a-z0-9_]+)\s*$/.exec(line);
    if (m && isMessageKey(m[2]) && !(m[1]! in out)) out[m[1]!] = m[2]!;
  }
  return Object.keys(out).length > 0 ? out : null;
}

export function useRpcForm<S extends z.ZodType, F extends string>(schema: S, initial: Record<F, string>) {
  // The values of the first render: what reset() returns to.
  const [start] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const set = useCallback((name: F, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _cleared, ...rest } = e;
      return rest as FieldErrors<F>;
    });
  }, []);

  /** The parsed body, or null after showing the field errors. */
  const validate = useCallback(
    (extra: Record<string, unknown> = {}): z.output<S> | null => {
      const r = schema.safeParse({ ...values, ...extra });
      if (r.success) {
        setErrors({});
        return r.data;
      }
      setErrors(fieldErrors(r.error) as FieldErrors<F>);
      return null;
    },
    [schema, values],
  );

  /** Shows a server validation answer on the fields; false when the error is of another kind. */
  const showServerErrors = useCallback((e: unknown): boolean => {
    const fields = serverFieldErrors(e);
    if (fields) setErrors(fields as FieldErrors<F>);
    return fields !== null;
  }, []);

  const reset = useCallback(
    (next: Record<F, string> = start) => {
      setValues(next);
      setErrors({});
    },
    [start],
  );

  return { values, errors, set, validate, showServerErrors, reset };
}
