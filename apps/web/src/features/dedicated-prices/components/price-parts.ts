/**
 * What the price list pages need from the prices feature (its PriceChangeDialog and NextPriceNote),
 * described here so the page in app/ passes them in: features do not import each other.
 */
import type { ComponentType, ReactNode } from 'react';

/** 'whole': a monthly price in whole cents; 'unit': cents per GB or TB with two decimals. */
export type PriceKind = 'whole' | 'unit';

/** The props of the shared price change dialog (features/prices PriceChangeDialog). */
export interface PriceDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  item: string;
  currentCents: number | string;
  kind?: PriceKind;
  unit: string;
  saving: boolean;
  error: unknown;
  onSave: (input: { cents: number; effectiveFrom: string }, done: () => void) => void;
  refresh?: readonly unknown[];
}

/** The props of the shared next-price note (features/prices NextPriceNote). */
export interface NextNoteProps {
  next: { cents: number | string; effective_from: string } | null | undefined;
  kind?: PriceKind;
}

/** The two shared price parts, as the app passes them to the price list pages. */
export interface PriceParts {
  Dialog: ComponentType<PriceDialogProps>;
  Next: ComponentType<NextNoteProps>;
}

/** A row's next change as the note takes it, or null. */
export function nextOf(row: { next_cents: string | null; next_from: string | null }): NextNoteProps['next'] {
  return row.next_cents !== null && row.next_from !== null ? { cents: row.next_cents, effective_from: row.next_from } : null;
}
