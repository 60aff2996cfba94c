/**
 * First-load JavaScript (and CSS) per route of the built SPA: everything the browser fetches for
 * /login and /dashboard before they render (bench/bundle-graph.ts), raw and gzip. Run after
 * `npm run build`: `npx tsx bench/bundle-size.ts` lists every file; `--check` (in `npm test`) prints
 * the totals and exits non-zero when a route is above the budget. `bench/bundle-browser.ts` checks
 * the file lists against Chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIST, FIRST_LOAD_ROUTES, kib, readBuild, routeFiles } from './bundle-graph.js';

/** Issue 11's budget: at most 200 KiB of gzip JavaScript before /login or /dashboard renders. */
export const FIRST_LOAD_JS_BUDGET = 200 * 1024;

const verbose = !process.argv.includes('--check');
const build = readBuild();
let over = false;
for (const route of FIRST_LOAD_ROUTES) {
  const files = routeFiles(build, route);
  const total = (ext: string) =>
    files
      .filter((f) => f.file.endsWith(ext))
      .reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
  const js = total('.js');
  const css = total('.css');
  if (verbose) {
    for (const f of files)
      console.log(`  ${f.file.padEnd(52)} ${kib(f.raw).padStart(8)} KiB  gzip ${kib(f.gzip).padStart(7)} KiB`);
  }
  const within = js.gzip <= FIRST_LOAD_JS_BUDGET;
  over ||= !within;
  console.log(
    `${route.path.padEnd(11)} JS ${kib(js.raw)} KiB, gzip ${kib(js.gzip)} KiB in ${files.filter((f) => f.file.endsWith('.js')).length} files; ` +
      `budget ${kib(FIRST_LOAD_JS_BUDGET)} KiB: ${within ? `within (${kib(FIRST_LOAD_JS_BUDGET - js.gzip)} KiB left)` : `OVER by ${kib(js.gzip - FIRST_LOAD_JS_BUDGET)} KiB`}; ` +
      `CSS gzip ${kib(css.gzip)} KiB`,
  );
}
if (verbose) {
  const lazy = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js')).length;
  console.log(`${lazy} JS files in the build`);
}
process.exitCode = over ? 1 : 0;
