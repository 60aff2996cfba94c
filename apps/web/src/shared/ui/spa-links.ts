/**
 * Same-origin links inside rendered HTML (e.g. the resend-confirmation link of an error) go
 * through the router instead of reloading the page.
 */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function useSpaLinks(): (e: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (e) => {
    const anchor = (e.target as HTMLElement).closest('a');
    if (!anchor || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (anchor.target && anchor.target !== '_self') return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    e.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}
