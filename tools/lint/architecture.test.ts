/**
 * Three rules that guard the server's architecture (issue 10, "House rules"), each first shown to fail
 * on a small example of its own:
 * - no import cycles in apps/server/src, type-only imports included (a type cycle still ties two
 *   modules together: neither can be understood, moved or split without the other);
 * - SQL runs only in repositories (`*.repository.ts`), view definitions (`*.views.ts`), the database
 *   layer (`db/`) and the jobs (`jobs/`): routes, services and drivers call those (CONVENTIONS.md
 *   "only the repository holds SQL");
 * - `http/` holds generic HTTP pieces only (errors, auth, access kinds, PostgREST, rate limits,
 *   multipart) and imports nothing of what is built on it: no module, job, hub, driver, the
 *   registry, the route declarations (`routes/`) or the app that serves them (`app/`), type-only
 *   imports included.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_SRC = 'apps/server/src';

/** Every .ts file under `dir` (relative to the repository root, with forward slashes). */
function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .sort();
}

/**
 * The module specifiers a source file names: static imports (`import type` too), re-exports,
 * `import x = require()`, dynamic `import()` and `import('…')` types.
 */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** The file a relative specifier names among `files` (`./x.js` is `./x.ts`); null for packages and unknowns. */
function resolve(from: string, spec: string, files: ReadonlySet<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), spec);
  const stem = base.replace(/\.(js|ts|mjs|mts)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.mts`, `${base}/index.ts`]) if (files.has(candidate)) return candidate;
  return null;
}

/** The import graph of the given sources (path → source text): each file and the files it imports. */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const targets = specifiersOf(text)
      .map((s) => resolve(file, s, files))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * Every import cycle of a graph, one per strongly connected component (Tarjan), each written as
 * a path that comes back to its start (`a → b → a`), so a failure names the imports to break.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((c) => cyclePath(graph, new Set(c), c[0]!)).sort();
}

/** One cycle through `start` inside a component (breadth-first, so the shortest), as `a → b → a`. */
function cyclePath(graph: ReadonlyMap<string, readonly string[]>, component: ReadonlySet<string>, start: string): string {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const route = [start];
        for (let at = v; at !== start; at = cameFrom.get(at)!) route.splice(1, 0, at);
        return [...route, start].join(' → ');
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component].join(' ↔ ');
}

/**
 * A call that runs SQL: `.query(` or `.query<…>(` on a transaction, a pool, a pool client or the
 * database's pools (`tx`, `c`, `q`, `client`, `pool`, `db.owner`, `deps.db.app`, `this.app`…),
 * also when Prettier breaks the chain over lines. `req.query`, the parsed query string of a
 * request, is no call and does not match.
 */
export const SQL_CALL =
  /\b(?:(?:[\w$]+\s*\.\s*)*(?:db|owner|app|pool|system)|tx|trx|c|q|conn|client|pool|admin)\s*\.\s*query\s*[<(]/g;
/** Any call of a method named `query`, whatever it is called on: what SQL_CALL must all recognise. */
const ANY_QUERY_CALL = /\.\s*query\s*[<(]/g;

/** The 1-based line of each match of `pattern` (its `.query` part) in `source`. */
function matchLines(pattern: RegExp, source: string): number[] {
  return [...source.matchAll(pattern)].map((m) => {
    const at = m.index + m[0].search(/\.\s*query/);
    return source.slice(0, at).split('\n').length;
  });
}

/** Where SQL may be written. */
export function mayHoldSql(file: string): boolean {
  return (
    /\.(repository|views)\.ts$/.test(file) ||
    file.startsWith(`${SERVER_SRC}/db/`) ||
    file.startsWith(`${SERVER_SRC}/jobs/`) ||
    /\.test\.ts$/.test(file)
  );
}

/** The lines of a source that call SQL, as `file:line`. */
export function sqlCalls(file: string, source: string): string[] {
  return matchLines(SQL_CALL, source).map((line) => `${file}:${line}`);
}

/** `.query` calls on a receiver SQL_CALL does not know, as `file:line`: each is SQL that would slip through. */
export function unknownQueryCalls(file: string, source: string): string[] {
  const known = new Set(matchLines(SQL_CALL, source));
  return matchLines(ANY_QUERY_CALL, source)
    .filter((line) => !known.has(line))
    .map((line) => `${file}:${line}`);
}

/** What `http/` must not import: the folders and files built on top of it. */
const ABOVE_HTTP = ['modules/', 'jobs/', 'hubs/', 'drivers/', 'routes/', 'app/', 'registry.ts'].map((p) => `${SERVER_SRC}/${p}`);

/** Each import of a file under `http/` that reaches above it, as `importer → imported`. */
export function httpImportsAbove(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph]
    .filter(([file]) => file.startsWith(`${SERVER_SRC}/http/`))
    .flatMap(([file, targets]) => targets.filter((t) => ABOVE_HTTP.some((p) => t.startsWith(p))).map((t) => `${file} → ${t}`));
}

const serverSources = () => new Map(tsFiles(SERVER_SRC).map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')]));

describe('no import cycles in apps/server/src', () => {
  it('finds a cycle made of type-only imports, and one through a re-export and a dynamic import', () => {
    const sample = new Map([
      ['src/a.ts', `import type { B } from './b.js';\nexport interface A { b: B }`],
      ['src/b.ts', `import { type A } from './a.js';\nexport interface B { a?: A }`],
      ['src/c/index.ts', `export * from '../d.js';`],
      ['src/d.ts', `export const d = () => import('./c/index.js');`],
      ['src/e.ts', `import type { A } from './a.js';\nimport { z } from 'zod';`],
    ]);
    expect(findCycles(importGraph(sample))).toEqual([
      'src/a.ts → src/b.ts → src/a.ts',
      'src/c/index.ts → src/d.ts → src/c/index.ts',
    ]);
    expect(findCycles(new Map([['x.ts', ['x.ts']]]))).toEqual(['x.ts → x.ts']);
    expect(findCycles(importGraph(new Map([...sample].filter(([f]) => f !== 'src/b.ts'))))).toHaveLength(1);
  });

  it('has none', () => {
    const graph = importGraph(serverSources());
    // The graph must be the real one: a resolver that found nothing would pass vacuously.
    expect(graph.get(`${SERVER_SRC}/main.ts`)?.length).toBeGreaterThan(3);
    expect(findCycles(graph)).toEqual([]);
  });
});

describe('SQL only in repositories, views, db/ and jobs/', () => {
  it('flags SQL calls in a routes file and leaves other .query uses and allowed places alone', () => {
    const routes = [
      `const r = await tx.query('SELECT 1');`,
      `await ctx.db.owner.query<{ n: number }>(sql);`,
      `const c = await pool.connect(); await c.query('LISTEN x');`,
      `const token = (req.query as { id?: string }).id;`,
      `await u.tenant((tx) => listProjects(tx));`,
      `const r = await deps.db`,
      `  .owner.query('SELECT 2');`,
    ].join('\n');
    expect(sqlCalls(`${SERVER_SRC}/modules/x/x.routes.ts`, routes)).toEqual([
      `${SERVER_SRC}/modules/x/x.routes.ts:1`,
      `${SERVER_SRC}/modules/x/x.routes.ts:2`,
      `${SERVER_SRC}/modules/x/x.routes.ts:3`,
      `${SERVER_SRC}/modules/x/x.routes.ts:7`,
    ]);
    // A receiver the pattern does not know is reported rather than let through.
    expect(unknownQueryCalls('x.ts', `${routes}\nawait sqlRunner.query('DELETE FROM users');`)).toEqual(['x.ts:8']);
    expect(mayHoldSql(`${SERVER_SRC}/modules/x/x.routes.ts`)).toBe(false);
    expect(mayHoldSql(`${SERVER_SRC}/modules/x/x.service.ts`)).toBe(false);
    for (const ok of ['modules/x/x.repository.ts', 'modules/x/x.views.ts', 'db/seed.ts', 'jobs/boss.ts', 'http/app.test.ts'])
      expect(mayHoldSql(`${SERVER_SRC}/${ok}`), ok).toBe(true);
  });

  it('finds SQL nowhere else', () => {
    const misplaced = [...serverSources()].filter(([file]) => !mayHoldSql(file)).flatMap(([file, text]) => sqlCalls(file, text));
    expect(misplaced).toEqual([]);
  });

  it('sees every SQL call of the tree: each .query call is on a receiver it knows, and the repositories hold many', () => {
    const sources = [...serverSources()];
    expect(sources.flatMap(([f, text]) => unknownQueryCalls(f, text))).toEqual([]);
    const inRepositories = sources.filter(([f]) => f.endsWith('.repository.ts'));
    expect(inRepositories.flatMap(([f, text]) => sqlCalls(f, text)).length).toBeGreaterThan(100);
  });
});

describe('http/ imports nothing built on it', () => {
  it('flags a type-only import of a module and a value import of the app, and leaves db/ and its own files alone', () => {
    const src = (f: string) => `${SERVER_SRC}/${f}`;
    const sample = new Map([
      [
        src('http/access.ts'),
        `import type { AuditTarget } from '../modules/audit/audit-target.js';\nimport { AppError } from './errors.js';`,
      ],
      [src('http/errors.ts'), `import type { Tx } from '../db/database.js';`],
      [src('http/auth.ts'), `import { buildApp } from '../app/build-app.js';\nimport type { Config } from '../config.js';`],
      [src('modules/audit/audit-target.ts'), `export type AuditTarget = string;`],
      [src('app/build-app.ts'), `import { authorize } from '../http/access.js';`],
      [src('db/database.ts'), `export type Tx = unknown;`],
      [src('config.ts'), `export type Config = unknown;`],
    ]);
    expect(httpImportsAbove(importGraph(sample))).toEqual([
      `${src('http/access.ts')} → ${src('modules/audit/audit-target.ts')}`,
      `${src('http/auth.ts')} → ${src('app/build-app.ts')}`,
    ]);
  });

  it('holds for apps/server/src/http', () => {
    const graph = importGraph(serverSources());
    // The walk must see http/ and its imports: an empty folder would pass vacuously.
    expect(graph.get(`${SERVER_SRC}/http/auth.ts`)?.length).toBeGreaterThan(1);
    expect(httpImportsAbove(graph)).toEqual([]);
  });
});
