import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.PORTSIDE_API_URL ?? 'http://localhost:8080';

/** Every path the server answers; the dev server forwards them so the SPA runs same-origin. */
const proxied = ['/api', '/svc', '/hubs', '/healthz'];

export default defineConfig({
  // The config may be used from the repository root (`vite build --config apps/web/vite.config.ts`).
  root,
  plugins: [react()],
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
            {
              name: 'vendor-i18n',
              test: /node_modules[\\/](i18next|react-i18next|i18next-icu|intl-messageformat|@formatjs|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            { name: 'vendor-purify', test: /node_modules[\\/]dompurify[\\/]/, priority: 20 },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
