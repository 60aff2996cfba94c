import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/** A raw GET (node:http, so nothing decodes the body or adds an accept-encoding of its own). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const ASSET = '/assets/app-Ab12Cd34.js';
/** A self-hosted font as the build emits it (apps/web/src/app/fonts.css): hashed, no .br/.gz (woff2 is compressed). */
const FONT = '/assets/inter-latin-wght-normal-Dx4kXJAl.woff2';
const FONT_BYTES = Buffer.from('wOF2 not really a font, but bytes the server must pass on as they are');
let dist: string;
let s: TestServer;

beforeAll(async () => {
  // A build as apps/web/vite.config.ts writes it: the hashed asset with its .br and .gz beside it.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Portside SPA</title>');
  const file = path.join(dist, ASSET);
  await fs.writeFile(file, SCRIPT);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(SCRIPT));
  await fs.writeFile(path.join(dist, FONT), FONT_BYTES);
  await fs.writeFile(`${file}.map`, '{"version":3,"sources":["src/secret-source.ts"],"mappings":""}');
  s = await startTestServer({ webDist: dist, serveSourceMaps: false });
});
afterAll(async () => {
  await s?.stop();
  if (dist) await fs.rm(dist, { recursive: true, force: true });
});

describe('the built app’s files', () => {
  const immutable = 'public, max-age=31536000, immutable';

  it('sends a hashed asset brotli-compressed to a browser that accepts br, cached for good', async () => {
    const r = await get(s.url + ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe(immutable);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(SCRIPT);
  });

  it('sends it gzip-compressed when gzip is all the client accepts', async () => {
    const r = await get(s.url + ASSET, { 'accept-encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe(immutable);
    expect(zlib.gunzipSync(r.body).toString()).toBe(SCRIPT);
  });

  it('sends the file itself without accept-encoding', async () => {
    const r = await get(s.url + ASSET);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe(immutable);
    expect(r.body.toString()).toBe(SCRIPT);
  });

  it('sends a hashed font as it is, as font/woff2, cached for good like the other hashed assets', async () => {
    const r = await get(s.url + FONT, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('font/woff2');
    expect(r.headers['cache-control']).toBe(immutable);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.equals(FONT_BYTES)).toBe(true);
  });

  it('keeps index.html revalidated (no-cache), as a route of the app and by its name', async () => {
    for (const p of ['/dashboard', '/login', '/index.html']) {
      const r = await get(s.url + p, { 'accept-encoding': 'br, gzip' });
      expect(r.status, p).toBe(200);
      expect(r.headers['cache-control'], p).toBe('no-cache');
      expect(r.headers['content-type'], p).toMatch(/text\/html/);
    }
  });

  it('answers a missing asset with a 404, not the app', async () => {
    const r = await get(`${s.url}/assets/gone-Zz99Yy88.js`, { 'accept-encoding': 'br' });
    expect(r.status).toBe(404);
  });
});

describe('source maps', () => {
  it('are not served when the configuration keeps them out (production’s default), and served when it allows them', async () => {
    const refused = await get(`${s.url}${ASSET}.map`);
    expect(refused.status).toBe(404);
    expect(refused.body.toString()).not.toContain('secret-source');
    const open = await startTestServer({ webDist: dist, serveSourceMaps: true });
    try {
      const served = await get(`${open.url}${ASSET}.map`);
      expect(served.status).toBe(200);
      expect(served.body.toString()).toContain('secret-source');
    } finally {
      await open.stop();
    }
  });

  it('are kept out in production unless SOURCE_MAPS=on', async () => {
    const { loadConfig } = await import('../src/config.js');
    const production = { NODE_ENV: 'production', PAYMENTS_CARD_PROVIDER: 'test-card' };
    expect(loadConfig(production).serveSourceMaps).toBe(false);
    expect(loadConfig({ ...production, SOURCE_MAPS: 'on' }).serveSourceMaps).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).serveSourceMaps).toBe(true);
  });
});
