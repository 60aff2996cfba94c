/**
 * Form state driven by a contract zod schema: the rule the server applies is checked per field on
 * blur once the user has edited that field (a field only passed through — focused, then left by a
 * click elsewhere — stays quiet, so no message appears under the pointer's target and moves it
 * away), for the whole form on submit, and server field errors land in the same place. Errors are
 * i18n keys (see ./field-messages), translated by the components. `toBody` turns the string
 * values into the call's body (e.g. a number field) before the schema sees them.
 *
 * The schema may come as a loader (`() => import(...)`): a first screen (the login) then renders
 * without zod and fetches its rules right after; a field left or a submit made before they arrive
 * is checked once they have.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { validationKey } from './field-messages';

/** Field name → i18n key of its error. */
export type FormErrorMap<F extends string> = Partial<Record<F, string>>;

export interface SchemaForm<F extends string, Out> {
  values: Record<F, string>;
  errors: FormErrorMap<F>;
  /** True once a submit (or the server) found errors; an error summary shows while it is set. */
  submitted: boolean;
  setValue: (name: F, value: string) => void;
  /** Props for a Mantine input bound to `name` (id, name, value, onChange, onBlur, error key). */
  bind: (name: F) => {
    id: string;
    name: F;
    value: string;
    onChange: (e: { currentTarget: { value: string } }) => void;
    onBlur: () => void;
  };
  /** Sets errors coming from the server (already i18n keys). */
  setErrors: (errors: FormErrorMap<F>) => void;
  /** Replaces every value (e.g. once the profile has loaded) and clears the errors. */
  reset: (values: Record<F, string>) => void;
  /** Wraps a submit handler: validates, then calls `onValid` with the parsed body. */
  /** Validates, then runs `onValid`; an async `onValid` handles its own errors (its promise is not awaited). */
  handleSubmit: (onValid: (data: Out) => void | Promise<void>) => (e?: FormEvent) => void;
  idOf: (name: F) => string;
}

/** The body checked against the schema: each failing field's message key, or the parsed body. */
function check<F extends string>(schema: z.ZodType, body: unknown): { errors: FormErrorMap<F>; data: unknown } {
  const result = schema.safeParse(body);
  if (result.success) return { errors: {}, data: result.data };
  const out: FormErrorMap<F> = {};
  for (const [field, key] of Object.entries(fieldErrors(result.error))) out[field as F] = validationKey(key);
  return { errors: out, data: undefined };
}

/** A form's schema, or a loader of it: a module-level function (a new one each render loads again). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/** The schema once it is there, and a promise of it for whoever cannot wait for a render. */
function useSchema<S extends z.ZodType>(source: SchemaSource<S>): { schema: S | null; ready: () => Promise<S> } {
  const lazy = typeof source === 'function';
  const [loaded, setLoaded] = useState<{ source: SchemaSource<S>; schema: S } | null>(null);
  const pending = useRef<{ source: SchemaSource<S>; promise: Promise<S> } | null>(null);
  const ready = useCallback((): Promise<S> => {
    if (typeof source !== 'function') return Promise.resolve(source);
    if (pending.current?.source !== source) {
      const promise = source();
      pending.current = { source, promise };
      // A failed fetch (e.g. a new release) is tried again by the next check.
      promise.catch(() => {
        if (pending.current?.promise === promise) pending.current = null;
      });
    }
    return pending.current.promise;
  }, [source]);
  useEffect(() => {
    if (!lazy) return;
    let live = true;
    ready().then(
      (schema) => {
        if (live) setLoaded({ source, schema });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lazy, ready, source]);
  if (!lazy) return { schema: source, ready };
  return { schema: loaded?.source === source ? loaded.schema : null, ready };
}

export function useSchemaForm<S extends z.ZodType, F extends string>(
  formId: string,
  source: SchemaSource<S>,
  initial: Record<F, string>,
  toBody: (values: Record<F, string>) => unknown = (v) => v,
): SchemaForm<F, z.output<S>> {
  const { schema, ready } = useSchema(source);
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrorState] = useState<FormErrorMap<F>>({});
  const [submitted, setSubmitted] = useState(false);
  // Latest values for handlers created in the same render (blur right after change).
  const valuesRef = useRef(values);
  valuesRef.current = values;
  // Fields the user has edited since the last reset: only these are checked when left.
  const edited = useRef(new Set<F>());
  const toBodyRef = useRef(toBody);
  toBodyRef.current = toBody;

  // Fields left after an edit before the schema arrived: checked when it does.
  const leftEarly = useRef(new Set<F>());

  const validate = useCallback(
    (vals: Record<F, string>): { errors: FormErrorMap<F>; data: unknown } => {
      if (!schema) return { errors: {}, data: undefined };
      return check(schema, toBodyRef.current(vals));
    },
    [schema],
  );

  const idOf = useCallback((name: F) => `${formId}-${name}`, [formId]);

  const refresh = useCallback(
    (name: F, vals: Record<F, string>, onlyIfShown: boolean) => {
      const all = validate(vals).errors;
      setErrorState((prev) => {
        if (onlyIfShown && !prev[name]) return prev;
        const next = { ...prev };
        if (all[name]) next[name] = all[name];
        else delete next[name];
        return next;
      });
    },
    [validate],
  );

  const setValue = useCallback(
    (name: F, value: string) => {
      const before = valuesRef.current;
      if (before[name] !== value) edited.current.add(name);
      const next = { ...before, [name]: value };
      valuesRef.current = next;
      setValues(next);
      // Once a field shows an error, let it clear (or change) as the user types. Another field's
      // shown error follows too when the rule gave it, since some rules read two fields (the VAT
      // number's format is the country's); a server's answer there stays until that field changes.
      const was = validate(before).errors;
      const now = validate(next).errors;
      setErrorState((prev) => {
        const out = { ...prev };
        for (const f of Object.keys(prev) as F[]) {
          if (f !== name && prev[f] !== was[f]) continue;
          if (now[f]) out[f] = now[f];
          else delete out[f];
        }
        return out;
      });
    },
    [validate],
  );

  const bind = useCallback(
    (name: F) => ({
      id: idOf(name),
      name,
      value: values[name],
      onChange: (e: { currentTarget: { value: string } }) => setValue(name, e.currentTarget.value),
      onBlur: () => {
        if (!edited.current.has(name)) return;
        if (schema) refresh(name, valuesRef.current, false);
        else leftEarly.current.add(name);
      },
    }),
    [idOf, values, setValue, refresh, schema],
  );

  useEffect(() => {
    if (!schema) return;
    for (const name of leftEarly.current) refresh(name, valuesRef.current, false);
    leftEarly.current.clear();
  }, [schema, refresh]);

  const submitWith = useCallback(
    (rules: S, onValid: (data: z.output<S>) => void | Promise<void>) => {
      const { errors: all, data } = check(rules, toBodyRef.current(valuesRef.current));
      setErrorState(all);
      const first = Object.keys(all)[0] as F | undefined;
      setSubmitted(first !== undefined);
      if (first) {
        document.getElementById(idOf(first))?.focus();
        return;
      }
      void onValid(data as z.output<S>);
    },
    [idOf],
  );

  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => void | Promise<void>) => (e?: FormEvent) => {
      e?.preventDefault();
      if (schema) submitWith(schema, onValid);
      // Submitted before the rules arrived: checked once they have (with the values of then).
      else
        ready().then(
          (rules) => submitWith(rules, onValid),
          () => undefined,
        );
    },
    [schema, ready, submitWith],
  );

  const reset = useCallback((next: Record<F, string>) => {
    edited.current = new Set();
    valuesRef.current = next;
    setValues(next);
    setErrorState({});
    setSubmitted(false);
  }, []);

  const setErrors = useCallback((next: FormErrorMap<F>) => {
    setErrorState(next);
    setSubmitted(Object.keys(next).length > 0);
  }, []);

  return { values, errors, submitted, setValue, bind, setErrors, reset, handleSubmit, idOf };
}
