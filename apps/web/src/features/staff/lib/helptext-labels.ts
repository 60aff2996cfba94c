/**
 * Which labels a help text can have: the portal shows a help text on the page whose route has its
 * name as label (the help panel, and the content pages as the page itself), so the route names are
 * offered when staff write a new one. Any label of letters, digits, '-' and '_' is accepted (the
 * contract's updateHelptextSchema), e.g. for a text an integration reads.
 */
import { HELPTEXT_LABEL_MAX } from '@portside/contract/schemas/support';
import { ROUTES } from '@portside/contract/routes';

/** The route names, sorted: the labels the portal itself reads. */
export const PAGE_LABELS: readonly string[] = [...new Set(ROUTES.map((r) => r.name))].sort();

/** Whether `label` is a label the server accepts. */
export function isValidLabel(label: string): boolean {
  return label.length > 0 && label.length <= HELPTEXT_LABEL_MAX && /^[A-Za-z0-9_-]+$/.test(label);
}

/** The page a label's help text shows on, or null when no page of the portal reads it. */
export function pagePathOf(label: string): string | null {
  const route = ROUTES.find((r) => r.name === label);
  return route && !route.path.includes(':') ? route.path : null;
}
