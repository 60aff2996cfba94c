/**
 * A small form state hook driven by a contract zod schema: the same rule the server applies is
 * checked per field on blur, for the whole form on submit, and server field errors land in the
 * same place. Errors are i18n keys (see ./messages), translated by the components.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { validationKey } from './messages';

/** Field name → i18n key of its error. */
export type FormErrorMap<F extends string> = Partial<Record<F, string>>;

export interface SchemaForm<F extends string, Out> {
  values: Record<F, string>;
  errors: FormErrorMap<F>;
  /** True once a submit found errors; the error summary shows while it is set. */
  submitted: boolean;
  setValue: (name: F, value: string) => void;
  /** Props for a Mantine input bound to `name` (id, value, onChange, onBlur). */
  bind: (name: F) => {
    id: string;
    name: F;
    value: string;
    onChange: (e: { currentTarget: { value: string } }) => void;
    onBlur: () => void;
  };
  /** Sets errors coming from the server (already i18n keys). */
  setErrors: (errors: FormErrorMap<F>) => void;
  /** Wraps a submit handler: validates, then calls `onValid` with the parsed data. */
  handleSubmit: (onValid: (data: Out) => void) => (e?: FormEvent) => void;
  /** DOM id of a field's input. */
  idOf: (name: F) => string;
}

function schemaErrors<F extends string>(
  schema: z.ZodType,
  values: Record<F, string>,
): { errors: FormErrorMap<F>; data: unknown } {
  const result = schema.safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const keys = fieldErrors(result.error) as Record<string, string>;
  const errors: FormErrorMap<F> = {};
  for (const [field, key] of Object.entries(keys)) errors[field as F] = validationKey(key);
  return { errors, data: undefined };
}

/**
 * Form state for `schema` with string fields `initial`. `formId` prefixes the input ids so that
 * the error summary can link to them.
 */
export function useSchemaForm<S extends z.ZodType, F extends string>(
  formId: string,
  schema: S,
  initial: Record<F, string>,
): SchemaForm<F, z.output<S>> {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrorState] = useState<FormErrorMap<F>>({});
  const [submitted, setSubmitted] = useState(false);
  // Latest values for handlers created in the same render (blur right after change).
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const idOf = useCallback((name: F) => `${formId}-${name}`, [formId]);

  const revalidateField = useCallback(
    (name: F, vals: Record<F, string>) => {
      const { errors: all } = schemaErrors<F>(schema, vals);
      setErrorState((prev) => {
        const next = { ...prev };
        if (all[name]) next[name] = all[name];
        else delete next[name];
        return next;
      });
    },
    [schema],
  );

  const setValue = useCallback(
    (name: F, value: string) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      // Once a field shows an error, let it clear (or change) as the user types.
      setErrorState((prev) => {
        if (!prev[name]) return prev;
        const { errors: all } = schemaErrors<F>(schema, next);
        const copy = { ...prev };
        if (all[name]) copy[name] = all[name];
        else delete copy[name];
        return copy;
      });
    },
    [schema],
  );

  const bind = useCallback(
    (name: F) => ({
      id: idOf(name),
      name,
      value: values[name],
      onChange: (e: { currentTarget: { value: string } }) => setValue(name, e.currentTarget.value),
      onBlur: () => revalidateField(name, valuesRef.current),
    }),
    [idOf, values, setValue, revalidateField],
  );

  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => void) => (e?: FormEvent) => {
      e?.preventDefault();
      const { errors: all, data } = schemaErrors<F>(schema, valuesRef.current);
      setErrorState(all);
      if (Object.keys(all).length > 0) {
        setSubmitted(true);
        const first = Object.keys(all)[0] as F | undefined;
        if (first) document.getElementById(idOf(first))?.focus();
        return;
      }
      setSubmitted(false);
      onValid(data as z.output<S>);
    },
    [schema, idOf],
  );

  const setErrors = useCallback((next: FormErrorMap<F>) => {
    setErrorState(next);
    setSubmitted(Object.keys(next).length > 0);
  }, []);

  return { values, errors, submitted, setValue, bind, setErrors, handleSubmit, idOf };
}
