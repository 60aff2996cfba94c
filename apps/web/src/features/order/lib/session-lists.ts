/**
 * The lists the spec keeps in the session state (spec 2 §4): loading products, VMs and locations
 * clears the shared error message on success and sets it on failure.
 */
import type { SessionValues } from '../../../shared/session/store';
import { ApiError } from '../../../shared/api/client';

type ListKey = 'products' | 'productsVms' | 'hostingLocationGlobal';

/** Where the loaders write: the session store's setter (a parameter, so tests can watch it). */
export type SessionWriter = <K extends ListKey | 'errorMessage'>(key: K, value: SessionValues[K] | null) => void;

/** The text an error leaves in the session's errorMessage. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.body.message || e.body.code;
  return e instanceof Error ? e.message : String(e);
}

/** Loads one list into its session key; answers the list, or null after a failure. */
export async function loadIntoSession<T>(key: ListKey, load: () => Promise<T>, write: SessionWriter): Promise<T | null> {
  try {
    const value = await load();
    write(key, value as SessionValues[typeof key]);
    write('errorMessage', null);
    return value;
  } catch (e) {
    write('errorMessage', errorText(e));
    return null;
  }
}
