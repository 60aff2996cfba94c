/**
 * Recovering from page code that cannot be downloaded (typically after a new release removed the
 * old hashed files): one full load of the address, guarded against reload loops.
 */

/** A failed dynamic import of a page chunk. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ChunkLoadError';
  }
}

/** Whether an error is a failed page-chunk import (ours, or the browser's own wording). */
export function isChunkLoadError(e: unknown): boolean {
  if (e instanceof ChunkLoadError) return true;
  const message = e instanceof Error ? e.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

// Kept apart from the session state of the spec: it only prevents reload loops.
const RELOAD_KEY = 'portside.chunk-reload';
const RELOAD_WINDOW_MS = 30_000;

/**
 * Fully loads `targetUrl` unless that was already tried within the last 30 seconds.
 * Returns false when it did not reload (the caller then shows an error).
 */
export function reloadForChunk(targetUrl: string): boolean {
  let last: { url?: string; at?: number } = {};
  try {
    last = JSON.parse(window.sessionStorage.getItem(RELOAD_KEY) ?? '{}') as typeof last;
  } catch {
    last = {};
  }
  if (last.url === targetUrl && typeof last.at === 'number' && Date.now() - last.at < RELOAD_WINDOW_MS) {
    return false;
  }
  try {
    window.sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ url: targetUrl, at: Date.now() }));
  } catch {
    return false; // without storage the loop guard cannot work: better show the error
  }
  window.location.assign(targetUrl);
  return true;
}
