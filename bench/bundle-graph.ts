/**
 * What the built SPA makes the browser fetch for a route's first load, read from Vite's build
 * manifest (`apps/web/dist/.vite/manifest.json`): index.html's plain scripts, the entry chunk, the
 * lazy modules the route renders (its page, the shell, the language's translations) and every chunk
 * those pull in through static imports (which Vite preloads with them), each counted once.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The built app. */
export const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The manifest (source id → chunk) and every script, module preload and style index.html names. */
export interface Build {
  manifest: Record<string, ManifestChunk>;
  htmlFiles: string[];
}

/** A route's first load: its address, whether the user is logged in, and the lazy modules it renders. */
export interface FirstLoadRoute {
  path: string;
  loggedIn: boolean;
  /** A selector visible once the page has rendered (the browser check waits for it). */
  ready: string;
  /** Manifest ids of the lazy modules loaded before the page renders. */
  lazy: RegExp[];
  /** Lazy modules the page fetches once it has rendered (not counted; the browser check expects them). */
  afterRender: RegExp[];
}

// Every first load starts the interface in English (the default language; another language adds
// its own start part, since English stays the fallback). The other namespaces follow the page.
const ENGLISH = /^src\/shared\/i18n\/bundles\/en\.start\.bundle\.ts$/;
const ENGLISH_REST = /^src\/shared\/i18n\/bundles\/en\.rest\.bundle\.ts$/;

/**
 * The routes under the budget. A full load of /dashboard with a token first goes through
 * /profile-reload (the guard wants the profile), then renders the shell and the dashboard.
 */
export const FIRST_LOAD_ROUTES: readonly FirstLoadRoute[] = [
  {
    path: '/login',
    loggedIn: false,
    ready: 'input[type="password"]',
    lazy: [ENGLISH, /^src\/features\/auth\/pages\/login-page\.tsx$/],
    // The login's rules (zod) follow the form (shared/forms/use-schema-form).
    afterRender: [ENGLISH_REST, /^\.\.\/\.\.\/packages\/contract\/src\/schemas\/auth\.ts$/],
  },
  {
    path: '/dashboard',
    loggedIn: true,
    ready: 'nav',
    lazy: [
      ENGLISH,
      /^src\/features\/session\/pages\/profile-reload-page\.tsx$/,
      /^src\/app\/shell\/app-layout\.tsx$/,
      /^src\/features\/dashboard\/pages\/dashboard-page\.tsx$/,
    ],
    // The top bar's menus and tooltips follow the shell (shared/ui/deferred), the terminal panel
    // follows the page (features/terminal/terminal-mount).
    afterRender: [
      ENGLISH_REST,
      /^src\/app\/shell\/menus\.tsx$/,
      /^src\/shared\/ui\/loaded-tooltip\.tsx$/,
      /^src\/features\/terminal\/components\/terminal-console\.tsx$/,
    ],
  },
];

/** Reads the manifest and index.html of the last build. */
export function readBuild(dist = DIST): Build {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const htmlFiles = [...html.matchAll(/<(?:script|link)[^>]*\s(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return { manifest, htmlFiles };
}

/** One fetched file with its size as built and as gzip (level 9, what the server sends precompressed). */
export interface SizedFile {
  file: string;
  raw: number;
  gzip: number;
}

const sizes = new Map<string, SizedFile>();
function sized(file: string, dist: string): SizedFile {
  const key = path.join(dist, file);
  let s = sizes.get(key);
  if (!s) {
    const buf = fs.readFileSync(key);
    s = { file, raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
    sizes.set(key, s);
  }
  return s;
}

/**
 * The JS and CSS files of a route's first load, in load order, each once; with `afterRender`, the
 * files its page fetches once rendered (those not already loaded).
 */
export function routeFiles(build: Build, route: FirstLoadRoute, dist = DIST, afterRender = false): SizedFile[] {
  if (afterRender) {
    const before = new Set(routeFiles(build, route, dist).map((f) => f.file));
    const all = routeFiles(build, { ...route, lazy: [...route.lazy, ...route.afterRender], afterRender: [] }, dist);
    return all.filter((f) => !before.has(f.file));
  }
  const ids = Object.keys(build.manifest);
  const roots = [...ids.filter((id) => build.manifest[id]!.isEntry), ...ids.filter((id) => route.lazy.some((re) => re.test(id)))];
  for (const re of route.lazy) {
    if (!ids.some((id) => re.test(id))) throw new Error(`No module of the build matches ${String(re)}`);
  }
  // index.html's own files first (public/color-scheme.js, the entry, its preloads and styles).
  const files: string[] = [...build.htmlFiles];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const chunk = build.manifest[id];
    if (!chunk) throw new Error(`The manifest has no ${id}`);
    // Static imports first: Vite preloads them alongside the chunk.
    for (const dep of chunk.imports ?? []) visit(dep);
    files.push(chunk.file, ...(chunk.css ?? []));
  };
  roots.forEach(visit);
  return [...new Set(files)].map((f) => sized(f, dist));
}

/** Bytes as KiB with one decimal. */
export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
