/**
 * WCAG 2.1 contrast arithmetic for the theme: the ratio of two colours, and the first of several
 * candidate colours that is readable on every background it may sit on. The theme uses it to pick
 * text colours per palette and scheme instead of hand-picking (and re-checking) dozens of shades.
 */
import { darken, luminance } from '@mantine/core';

/** AA for normal text is 4.5:1; a little headroom absorbs rounding and anti-aliasing. */
export const TEXT_CONTRAST = 4.6;

/** The WCAG contrast ratio of two colours (1 to 21), in any notation Mantine parses. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The first candidate whose contrast with every background reaches `min`; when none does, the
 * last candidate (the caller lists them from the preferred look to the most contrasting one).
 */
export function firstReadable(candidates: readonly string[], backgrounds: readonly string[], min = TEXT_CONTRAST): string {
  const found = candidates.find((c) => backgrounds.every((bg) => contrastRatio(c, bg) >= min));
  return found ?? candidates[candidates.length - 1]!;
}

/** A colour and ever darker versions of it, for text on light backgrounds. */
export function darkerSteps(color: string): string[] {
  return [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map((amount) => (amount === 0 ? color : darken(color, amount)));
}
