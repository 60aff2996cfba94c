/**
 * Lazily loaded pages (DESIGN §5). When a page's chunk cannot be fetched — typically after a new
 * release removed the old hashed files — the browser does a full load of the target URL, once:
 * a second failure for the same URL within a short window shows an error page instead of looping.
 */
import { createElement, useEffect, type ComponentType } from 'react';
import { loadRemainingTranslations } from '../shared/i18n/i18n';
import { ChunkReloadPage } from './chunk-reload-page';

/** A page module: its default export is the page component. */
export type PageModule = { default: ComponentType };

/**
 * Which translations a page waits for: 'all' (every namespace of the language), or only the start
 * part that main.tsx waits for (shared/i18n/start-namespaces.ts), for the pages a first load
 * opens: 'start' for a page passed through on the way (profile-reload), 'start-then-rest' for one
 * that stays, which fetches the rest once it has rendered.
 */
export type PageTranslations = 'all' | 'start' | 'start-then-rest';

function logFailure(e: unknown): void {
  console.warn('Translations failed to load', e);
}

/** The page, fetching the rest of the translations once it has rendered. */
function thenRest(Page: ComponentType): ComponentType {
  return function FirstScreen() {
    useEffect(() => {
      loadRemainingTranslations().catch(logFailure);
    }, []);
    return createElement(Page);
  };
}

/**
 * Turns `() => import('./page')` into a route `lazy` function. A failed import resolves to the
 * ChunkReloadPage rather than rejecting: React Router renders nothing at all for a route whose
 * lazy function rejected (its error boundary is skipped while `lazy` is still pending).
 */
export function lazyPage(
  load: () => Promise<PageModule>,
  translations: PageTranslations = 'all',
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const [mod] = await Promise.all([load(), translations === 'all' ? loadRemainingTranslations() : null]);
      return { Component: translations === 'start-then-rest' ? thenRest(mod.default) : mod.default };
    } catch (e) {
      console.warn('Page chunk failed to load; reloading the address', e);
      return { Component: ChunkReloadPage };
    }
  };
}
