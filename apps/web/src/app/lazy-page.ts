/**
 * Lazily loaded pages (DESIGN §5). When a page's chunk cannot be fetched — typically after a new
 * release removed the old hashed files — the browser does a full load of the target URL, once:
 * a second failure for the same URL within a short window shows an error page instead of looping.
 */
import type { ComponentType } from 'react';
import { ChunkReloadPage } from './chunk-reload-page';

/** A page module: its default export is the page component. */
export type PageModule = { default: ComponentType };

/**
 * Turns `() => import('./page')` into a route `lazy` function. A failed import resolves to the
 * ChunkReloadPage rather than rejecting: React Router renders nothing at all for a route whose
 * lazy function rejected (its error boundary is skipped while `lazy` is still pending).
 */
export function lazyPage(load: () => Promise<PageModule>): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const mod = await load();
      return { Component: mod.default };
    } catch (e) {
      console.warn('Page chunk failed to load; reloading the address', e);
      return { Component: ChunkReloadPage };
    }
  };
}
