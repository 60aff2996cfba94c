/**
 * What the price lists ask of the price dialog and the next-price note, which the prices feature
 * draws: features never import each other, so the page in app/ passes them in as render slots.
 */
import type { ReactNode } from 'react';

/** A price's kind as the prices feature knows it: whole cents, or a whole percent (backups). */
export type CloudPriceKind = 'whole' | 'percent';

/** The price dialog of one price: its props as the prices feature's PriceChangeDialog takes them. */
export interface PriceDialogSlotProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  item: string;
  currentCents: number;
  kind: CloudPriceKind;
  unit: string;
  saving: boolean;
  error: unknown;
  onSave: (input: { cents: number; effectiveFrom: string }, done: () => void) => void;
  refresh?: readonly unknown[];
}

/** The slots a price list page gets from app/. */
export interface PriceSlots {
  dialog: (p: PriceDialogSlotProps) => ReactNode;
  next: (next: { cents: number; effective_from: string } | null, kind: CloudPriceKind) => ReactNode;
}

/** A row price's next change as the note takes it, or null. */
export function nextOf(p: {
  next_cents: number | null;
  next_from: string | null;
}): { cents: number; effective_from: string } | null {
  return p.next_cents !== null && p.next_from !== null ? { cents: p.next_cents, effective_from: p.next_from } : null;
}
