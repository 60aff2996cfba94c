/** The built single-page app: its files, and its HTML for every other GET (its router shows not-found). */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { AppError, sendError } from '../http/errors.js';

/**
 * A path naming a build file (a missing one is a 404, so a stale chunk fails to load instead of
 * getting the app's HTML). Routes holding an e-mail address (/users/a@b.pt, the confirmation link)
 * end in a top-level domain and are pages of the app.
 */
const BUILD_FILE = /^\/assets\/|\.(?:m?js|css|map|json|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|txt|xml|webmanifest|wasm)$/i;

/** Serves `config.webDist` when it holds a build; registers the not-found handler in any case. */
export async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const index = path.join(config.webDist, 'index.html');
  const html = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : null;
  if (html !== null) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes <file>.br and <file>.gz beside its assets (apps/web/vite.config.ts): sent
      // as the request's accept-encoding allows, with `vary: accept-encoding`, else the file itself.
      preCompressed: true,
      // Source maps only where the configuration allows (not in production by default): a refused
      // one falls through to the not-found handler, a 404 like any missing build file.
      allowedPath: (file) => config.serveSourceMaps || !file.endsWith('.map'),
      // Hashed build files never change; everything else is revalidated.
      setHeaders: (reply, file) => {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // Any other GET is a route of the single-page app (its router shows the not-found page);
  // everything else, or every path when no SPA is built, is a 404 in the error shape.
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0] ?? '';
    if (html === null || req.method !== 'GET' || /^\/(api|svc|hubs)(\/|$)/.test(p) || BUILD_FILE.test(p)) {
      return sendError(reply, new AppError('NotFound'));
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(html);
  });
}
