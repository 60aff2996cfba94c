/**
 * First-load JavaScript and CSS of the built SPA: what index.html loads before any lazy page,
 * raw and gzip. Run after `npm run build`: `npx tsx bench/bundle-size.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const size = (f: string) => {
  const buf = fs.readFileSync(path.join(dist, f));
  return { raw: buf.length, gzip: zlib.gzipSync(buf).length };
};
const js = { raw: 0, gzip: 0 };
const css = { raw: 0, gzip: 0 };
for (const f of refs) {
  const s = size(f);
  const t = f.endsWith('.js') ? js : css;
  t.raw += s.raw;
  t.gzip += s.gzip;
  console.log(`${f.padEnd(48)} ${(s.raw / 1024).toFixed(1).padStart(8)} KiB  gzip ${(s.gzip / 1024).toFixed(1).padStart(7)} KiB`);
}
const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const lazy = all.filter((f) => !refs.includes(`assets/${f}`));
console.log(
  `first-load JS  ${(js.raw / 1024).toFixed(1)} KiB (gzip ${(js.gzip / 1024).toFixed(1)} KiB) in ${refs.filter((r) => r.endsWith('.js')).length} files`,
);
console.log(`first-load CSS ${(css.raw / 1024).toFixed(1)} KiB (gzip ${(css.gzip / 1024).toFixed(1)} KiB)`);
console.log(`lazy chunks    ${lazy.length} files loaded on demand`);
