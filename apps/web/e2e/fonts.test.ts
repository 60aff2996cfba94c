/**
 * The portal's own fonts (app/fonts.css, issue 12): Inter and, for Hindi, Noto Sans Devanagari,
 * fetched from the portal's own origin with the immutable caching of every hashed asset. What the
 * tests read is what Chromium really drew a text with (DevTools CSS.getPlatformFontsForNode), not
 * only which fonts were declared.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

interface FontResponse {
  url: URL;
  status: number;
  cacheControl: string | null;
  contentType: string | null;
}

/** Every font file the page fetches, with the headers it came with. */
function recordFonts(page: Page): FontResponse[] {
  const fonts: FontResponse[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'font') return;
    fonts.push({
      url: new URL(r.url()),
      status: r.status(),
      cacheControl: r.headers()['cache-control'] ?? null,
      contentType: r.headers()['content-type'] ?? null,
    });
  });
  return fonts;
}

/** The fonts Chromium drew the first element matching `selector` with (family names, custom = a web font). */
async function drawnWith(
  context: BrowserContext,
  page: Page,
  selector: string,
): Promise<{ familyName: string; isCustomFont: boolean }[]> {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((f) => ({ familyName: f.familyName, isCustomFont: f.isCustomFont }));
  } finally {
    await cdp.detach();
  }
}

/** The families of the font faces the page has loaded. */
function loadedFaces(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/["']/g, '')));
}

describe('self-hosted fonts', () => {
  test('Inter draws the first screen, from the portal’s own origin and cached for good; Devanagari loads only for Hindi and draws it', async () => {
    const { page, context } = await e2e.newPage();
    const fonts = recordFonts(page);
    await page.goto('/login');
    const heading = page.getByRole('heading', { level: 1, name: 'Log in' });
    await visible(heading);

    // Loaded before the first render (main.tsx waits for it), so the first paint already uses it.
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
    const english = await drawnWith(context, page, 'h1');
    expect(english).toContainEqual({ familyName: expect.stringMatching(/^Inter/), isCustomFont: true });
    // Hindi's font is declared but not fetched while no Devanagari letter is on screen.
    expect(await loadedFaces(page)).not.toContain('Noto Sans Devanagari Variable');

    await page.getByLabel('Language').selectOption('hi');
    await visible(page.getByRole('heading', { level: 1, name: 'लॉग इन करें' }));
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari Variable"', 'हिन्दी')))
      .toBe(true);
    await expect.poll(() => loadedFaces(page)).toContain('Noto Sans Devanagari Variable');
    await expect
      .poll(async () => (await drawnWith(context, page, 'h1')).filter((f) => f.isCustomFont).map((f) => f.familyName))
      .toContainEqual(expect.stringMatching(/^Noto Sans Devanagari/));

    const origin = new URL(e2e.server.url).origin;
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const f of fonts) {
      expect(f.url.origin, f.url.href).toBe(origin);
      expect(f.url.pathname, f.url.href).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.woff2$/);
      expect(f.status, f.url.href).toBe(200);
      expect(f.contentType, f.url.href).toBe('font/woff2');
      expect(f.cacheControl, f.url.href).toBe('public, max-age=31536000, immutable');
    }
    expect(fonts.some((f) => f.url.pathname.includes('inter-latin-wght'))).toBe(true);
    expect(fonts.some((f) => f.url.pathname.includes('noto-sans-devanagari'))).toBe(true);
  });

  test('a visit that starts in Hindi draws its first screen with the Devanagari font', async () => {
    const { page, context } = await e2e.newPage();
    await context.addCookies([{ name: 'language', value: 'hi', url: e2e.server.url }]);
    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1, name: 'लॉग इन करें' }));
    // Start-up waits for it (at most 1.5 s, so a very slow machine may see it a moment later).
    await expect
      .poll(async () => (await drawnWith(context, page, 'h1')).filter((f) => f.isCustomFont).map((f) => f.familyName))
      .toContainEqual(expect.stringMatching(/^Noto Sans Devanagari/));
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari Variable"', 'हिन्दी'))).toBe(true);
  });
});
