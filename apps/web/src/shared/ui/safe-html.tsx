/**
 * Renders a message as HTML (spec 2 §8: messages render as HTML) — only after DOMPurify has
 * removed scripts, handlers and dangerous URLs. Links that open a new tab get rel=noopener.
 */
import DOMPurify from 'dompurify';
import type { ElementType, MouseEventHandler } from 'react';

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** The sanitised form of an HTML string. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { ADD_ATTR: ['target'], USE_PROFILES: { html: true } });
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
  return <Component className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
