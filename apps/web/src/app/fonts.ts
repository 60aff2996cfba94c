/**
 * Getting the portal's fonts (fonts.css) in before they are needed, so that they draw the first
 * paint instead of swapping in under the user: start-up waits, for a short while at most, for
 * Inter (and, in Hindi, Noto Sans Devanagari); a switch to Hindi later starts the Devanagari file
 * at once, beside the Hindi texts, instead of when the first Hindi letter is drawn.
 */

/** A sample of each font's letters: asking to load it fetches just the file that covers them. */
const INTER = '1em "Inter Variable"';
const DEVANAGARI = '1em "Noto Sans Devanagari Variable"';
const DEVANAGARI_SAMPLE = 'हिन्दी';

/**
 * Longest wait before the first render. A font still missing by then stays out for this page
 * (Inter's font-display is optional), so a slow network costs the fonts, never a moving layout.
 */
export const FONT_WAIT_MS = 1500;

function load(font: string, text?: string): Promise<unknown> {
  // A font that cannot load leaves the fallback in place; it is not an error of the app.
  return document.fonts.load(font, text).catch(() => []);
}

/** Resolves once the fonts of `language`'s first screen are loaded, or after {@link FONT_WAIT_MS}. */
export function fontsReady(language: string): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const wanted = [load(INTER)];
  if (language === 'hi') wanted.push(load(DEVANAGARI, DEVANAGARI_SAMPLE));
  return Promise.race([
    Promise.all(wanted).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS)),
  ]);
}

/**
 * Starts the Devanagari font whenever the interface switches to Hindi: the language switch sets
 * `<html lang>` first and then fetches the texts, so the font comes in beside them.
 */
export function watchLanguageFonts(): void {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  const root = document.documentElement;
  new MutationObserver(() => {
    if (root.lang === 'hi') void load(DEVANAGARI, DEVANAGARI_SAMPLE);
  }).observe(root, { attributes: true, attributeFilter: ['lang'] });
}
