/**
 * What the language walks (i18n-walk.test.ts) look for on a page: texts left in English, message
 * keys shown instead of their text, buttons whose text does not fit, and a page wider than the
 * window. The locales are read from `src/locales`, so the checks follow the translations as they
 * are, with no list of texts of their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Page } from 'playwright-core';

export const LANGUAGES = ['en', 'pl', 'de', 'pt', 'hi', 'fi'] as const;
export type Lng = (typeof LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
const LOCALES = path.join(import.meta.dirname, '../src/locales');

function flatten(tree: Tree, prefix: string, out: Map<string, string>): void {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
}

/** Every text of a language by `namespace:key`. */
function load(lng: Lng): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(LOCALES, lng)).filter((f) => f.endsWith('.json'))) {
    const tree = JSON.parse(fs.readFileSync(path.join(LOCALES, lng, file), 'utf8')) as Tree;
    flatten(tree, `${file.slice(0, -5)}:`, out);
  }
  return out;
}

const TEXTS = Object.fromEntries(LANGUAGES.map((l) => [l, load(l)])) as Record<Lng, Map<string, string>>;

/** A translation, formatted as the app formats it (ICU). */
export function tx(lng: Lng, key: string, values: Record<string, unknown> = {}): string {
  const text = TEXTS[lng].get(key);
  if (text === undefined) throw new Error(`no ${lng} text for ${key}`);
  return String(new IntlMessageFormat(text, lng).format(values as Record<string, string>));
}

/**
 * An ICU text as a pattern of whole strings: every `{...}` (an argument, a plural) matches any
 * text. Null when too little of it is fixed words to tell it apart (e.g. '{count}' or '{a} · {b}').
 */
function patternOf(text: string): RegExp | null {
  let out = '';
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}' && --depth === 0) break;
      }
      out += '[\\s\\S]+?';
      i = j;
    } else {
      literal += text[i];
      out += text[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  if ((literal.match(/\p{L}/gu) ?? []).length < 4) return null;
  return new RegExp(`^${out.trim()}$`, 'u');
}

/**
 * The English texts that give a page in `lng` away: those the language translates differently,
 * as patterns. A text that is also one of the language's own texts (a shared word) is left out.
 */
export function englishGiveaways(lng: Lng): Array<{ key: string; pattern: RegExp }> {
  const own = new Set(TEXTS[lng].values());
  const out: Array<{ key: string; pattern: RegExp }> = [];
  for (const [key, en] of TEXTS.en) {
    const theirs = TEXTS[lng].get(key);
    if (theirs === undefined || theirs === en || own.has(en)) continue;
    const pattern = patternOf(en);
    if (pattern) out.push({ key, pattern });
  }
  return out;
}

/**
 * Every key, as `ns:key` and as the bare key the app would show for a missing translation (those
 * with a dot: a bare top-level key such as 'title' may be a word of the data).
 */
export const KEYS = new Set(
  [...TEXTS.en.keys()].flatMap((k) => {
    const bare = k.slice(k.indexOf(':') + 1);
    return bare.includes('.') ? [k, bare] : [k];
  }),
);

/** The visible texts of the page (text nodes, placeholders and labels of controls), trimmed and de-duplicated. */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      const el = n.parentElement;
      if (!text || !el || el.closest('script, style, noscript, .xterm') || !shown(el)) continue;
      out.add(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (!shown(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(attr)?.replace(/\s+/g, ' ').trim();
        if (v) out.add(v);
      }
    }
    return [...out];
  });
}

/** Buttons whose text does not fit: clipped by the label's box, or drawn outside the button. */
export function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const outside = (inner: DOMRect, outer: DOMRect) =>
      inner.left < outer.left - 1 ||
      inner.right > outer.right + 1 ||
      inner.top < outer.top - 1 ||
      inner.bottom > outer.bottom + 1;
    for (const b of document.querySelectorAll<HTMLElement>('button, [role="button"], a.mantine-Button-root')) {
      const box = b.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !b.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const text = (b.innerText || '').trim();
      if (!text) continue;
      const label = b.querySelector<HTMLElement>('.mantine-Button-label') ?? b;
      const range = document.createRange();
      range.selectNodeContents(label);
      const drawn = range.getBoundingClientRect();
      const clipped = label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1;
      if (clipped || outside(label.getBoundingClientRect(), box) || (drawn.width > 0 && outside(drawn, box)))
        out.push(`${text.replace(/\s+/g, ' ')} (${Math.round(box.width)} px wide, text ${label.scrollWidth} px)`);
    }
    return out;
  });
}

/** How far the page is wider than the window (0 when it fits). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}

/** Everything wrong with the page as it is now, one line each (none when it is right). */
export async function languageProblems(page: Page, lng: Lng, where: string): Promise<string[]> {
  const problems: string[] = [];
  const giveaways = lng === 'en' ? [] : englishGiveaways(lng);
  for (const text of await visibleTexts(page)) {
    if (KEYS.has(text)) problems.push(`${where}: a message key is shown: "${text}"`);
    const hit = giveaways.find((g) => g.pattern.test(text));
    if (hit) problems.push(`${where}: English left ("${text}", ${hit.key})`);
  }
  for (const b of await clippedButtons(page)) problems.push(`${where}: clipped button ${b}`);
  const over = await horizontalOverflow(page);
  if (over > 0) problems.push(`${where}: the page is ${over} px wider than the window`);
  return problems;
}
