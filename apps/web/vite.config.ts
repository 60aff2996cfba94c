import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { LANGUAGES } from '../../packages/contract/src/constants';
import { RESELLER_BANNERS } from '../../packages/contract/src/schemas/reseller';
import { bannerSvg } from './src/features/reseller/lib/banner-svg';
import { DEFAULT_PROVIDER_COMPANY } from './src/shared/config/provider-defaults';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.PORTSIDE_API_URL ?? 'http://localhost:8080';

/** Every path the server answers; the dev server forwards them so the SPA runs same-origin. */
const proxied = ['/api', '/svc', '/hubs', '/healthz'];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every hashed JS, CSS and SVG file of the build: the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portside-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      const files = (await fs.readdir(assets)).filter((f) => /\.(?:js|css|svg)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const data = await fs.readFile(path.join(assets, f));
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(path.join(assets, `${f}.br`), br), fs.writeFile(path.join(assets, `${f}.gz`), gz)]);
        }),
      );
    },
  };
}

/**
 * The reseller banners (features/reseller/lib/banner-svg.ts) as files of the site, one set per
 * language, at /banners/<language>/<file>: stable addresses other sites embed, carrying the
 * provider's name of this build (VITE_PROVIDER_COMPANY) and the banner texts of the locale files.
 */
function resellerBanners(): Plugin {
  let files: Array<{ fileName: string; source: string }> = [];
  return {
    name: 'portside-reseller-banners',
    async configResolved(config) {
      const provider = loadEnv(config.mode, config.envDir || root, 'VITE_').VITE_PROVIDER_COMPANY ?? DEFAULT_PROVIDER_COMPANY;
      files = [];
      for (const lng of LANGUAGES) {
        const texts = JSON.parse(await fs.readFile(path.join(root, 'src/locales', lng, 'reseller.json'), 'utf8')) as {
          banner: { tagline: string; locations: string; cta: string };
        };
        for (const b of RESELLER_BANNERS)
          files.push({ fileName: `banners/${lng}/${b.file}`, source: bannerSvg(b, { provider, ...texts.banner }) });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files.find((f) => `/${f.fileName}` === req.url?.split('?')[0]);
        if (!file) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(file.source);
      });
    },
    generateBundle() {
      for (const f of files) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.source });
    },
  };
}

export default defineConfig({
  // The config may be used from the repository root (`vite build --config apps/web/vite.config.ts`).
  root,
  plugins: [react(), precompress(), resellerBanners()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true, ws: p === '/hubs' }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle-size.ts reads which chunks each route pulls in from the manifest.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Vendor code changes far less often than ours: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            { name: 'vendor-purify', test: /node_modules[\\/]dompurify[\\/]/, priority: 20 },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // The rest of what every page needs (app start, Mantine's core, the contract's rules) as
            // one chunk: dozens of small files compress worse and cost a request each.
            // The entry (index.html and main.tsx) stays out, so that index.html keeps one entry chunk.
            {
              name: 'app-initial',
              tags: ['$initial'],
              test: (id: string) => !/(?:[\\/]index\.html|[\\/]src[\\/]main\.tsx)$/.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
