/**
 * The first load as a real browser sees it: Chromium (playwright-core) opens /login, and, logged in
 * as the demo owner, /dashboard, each in a fresh context (empty cache), and lists every JavaScript
 * file fetched until the network is idle, with its decoded and transferred (encoded body) size.
 * It checks `bench/bundle-size.ts`: both must name the same files. Run after `npm run build`:
 * `npx tsx bench/bundle-browser.ts` (`--gzip` to offer gzip only).
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { demoToken, startPortal } from './start-portal.js';
import { FIRST_LOAD_ROUTES, routeFiles, readBuild, kib } from './bundle-graph.js';

interface Fetched {
  file: string;
  decoded: number;
  transferred: number;
  encoding: string;
}

/** Every JS response of one page load in `context`, once `ready` is visible and the network is idle. */
async function jsOf(context: BrowserContext, url: string, ready: string): Promise<Fetched[]> {
  const page = await context.newPage();
  const pending: Array<Promise<Fetched | null>> = [];
  page.on('response', (res) => {
    const p = new URL(res.url()).pathname;
    if (!p.endsWith('.js')) return;
    pending.push(
      (async () => {
        const [body, sizes] = await Promise.all([res.body(), res.request().sizes()]);
        const encoding = (await res.headerValue('content-encoding')) ?? 'identity';
        return { file: p.slice(1), decoded: body.length, transferred: sizes.responseBodySize, encoding };
      })().catch(() => null),
    );
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const all = (await Promise.all(pending)).filter((f): f is Fetched => f !== null);
  await page.close();
  return all;
}

const gzipOnly = process.argv.includes('--gzip');
const portal = await startPortal('bundle');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
let failed = false;
try {
  const token = await demoToken(portal.base);
  const host = new URL(portal.base).hostname;
  const build = readBuild();
  for (const route of FIRST_LOAD_ROUTES) {
    const context = await browser.newContext({
      baseURL: portal.base,
      locale: 'en-GB',
      // `--gzip`: offer gzip only, so the transferred bytes compare with the script's gzip figures.
      ...(gzipOnly ? { extraHTTPHeaders: { 'accept-encoding': 'gzip' } } : {}),
    });
    if (route.loggedIn) await context.addCookies([{ name: 'token', value: token, domain: host, path: '/' }]);
    const fetched = await jsOf(context, route.path, route.ready);
    await context.close();
    const before = routeFiles(build, route).filter((f) => f.file.endsWith('.js'));
    const after = routeFiles(build, route, undefined, true).filter((f) => f.file.endsWith('.js'));
    const expected = [...before, ...after];
    const total = (fs: typeof before, k: 'raw' | 'gzip') => kib(fs.reduce((s, f) => s + f[k], 0));
    const seen = new Set(fetched.map((f) => f.file));
    const want = new Set(expected.map((f) => f.file));
    const missing = [...want].filter((f) => !seen.has(f));
    const extra = [...seen].filter((f) => !want.has(f));
    const sum = (k: 'decoded' | 'transferred') => fetched.reduce((s, f) => s + f[k], 0);
    const encodings = [...new Set(fetched.map((f) => f.encoding))].join(', ');
    console.log(
      `${route.path.padEnd(11)} browser: ${fetched.length} JS files, ${kib(sum('decoded'))} KiB decoded, ` +
        `${kib(sum('transferred'))} KiB transferred (${encodings}); script: ${before.length} files before render ` +
        `(${total(before, 'raw')} KiB raw, ${total(before, 'gzip')} KiB gzip) and ${after.length} after ` +
        `(${total(after, 'raw')} KiB raw, ${total(after, 'gzip')} KiB gzip)`,
    );
    if (missing.length || extra.length) {
      failed = true;
      console.log(`  counted but not fetched: ${missing.join(' ') || '-'}`);
      console.log(`  fetched but not counted: ${extra.join(' ') || '-'}`);
    }
  }
} finally {
  await browser.close();
  await portal.stop();
}
process.exitCode = failed ? 1 : 0;
