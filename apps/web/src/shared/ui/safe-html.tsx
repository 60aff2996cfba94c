/**
 * Renders a message as HTML (spec 2 §8: messages render as HTML) — only after DOMPurify has
 * removed scripts, handlers and dangerous URLs. Links that open a new tab get rel=noopener.
 * DOMPurify loads with the first message shown, not with the app: until it is there, the message
 * shows as its plain text (escaped), which is never HTML.
 */
import { useEffect, useState, type ElementType, type MouseEventHandler } from 'react';
import type { DOMPurify as Purifier } from 'dompurify';

let purifier: Purifier | null = null;
let loading: Promise<void> | null = null;

/** Loads DOMPurify once (with the hook adding rel=noopener); resolves when sanitizing is possible. */
export function loadSanitizer(): Promise<void> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    purifier = DOMPurify;
  });
  return loading;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The text of an HTML string, escaped: parsed in an inert document (no scripts run, nothing loads). */
function escapedText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The sanitised form of an HTML string, or, while DOMPurify is still loading, its escaped text.
 * Either is safe to set as innerHTML.
 */
export function sanitizeHtml(html: string): string {
  return purifier ? purifier.sanitize(html, { ADD_ATTR: ['target'], USE_PROFILES: { html: true } }) : escapedText(html);
}

/** React hook: `sanitizeHtml(html)`, rendered again with the full HTML once DOMPurify has loaded. */
export function useSanitizedHtml(html: string): string {
  const [ready, setReady] = useState(purifier !== null);
  useEffect(() => {
    if (ready || !html) return;
    let live = true;
    loadSanitizer().then(
      () => live && setReady(true),
      (e: unknown) => console.warn('DOMPurify failed to load; messages show as text', e),
    );
    return () => {
      live = false;
    };
  }, [ready, html]);
  return sanitizeHtml(html);
}

export interface SafeHtmlProps {
  html: string;
  /** Element to render; a span by default so it fits inside banners and list items. */
  component?: ElementType;
  className?: string;
  onClick?: MouseEventHandler<HTMLElement>;
}

/** An element whose content is sanitised HTML. */
export function SafeHtml({ html, component: Component = 'span', className, onClick }: SafeHtmlProps) {
  const safe = useSanitizedHtml(html);
  return <Component className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: safe }} />;
}
