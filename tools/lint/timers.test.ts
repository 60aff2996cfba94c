/**
 * No work on timers in the server (issue 10): recurring work is a job of the one list in
 * `apps/server/src/jobs/job-schedules.ts`, run through pg-boss. `setInterval` appears only in the
 * places named below — the enqueue-only ticker of that list, and protocol timers that keep a
 * connection alive or wait on one, which do no work of their own. A new `setInterval` anywhere
 * else (or a second one in a named file) fails this test: make it a recurring job instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_SRC = 'apps/server/src';

/** Where `setInterval` may appear, how often, and why it is not work. */
const ALLOWED_INTERVALS: Readonly<Record<string, { count: number; why: string }>> = {
  'apps/server/src/jobs/recurring-ticker.ts': { count: 1, why: 'offers the periodic jobs of the list to pg-boss, runs none' },
  'apps/server/src/hubs/hub-sockets.ts': { count: 1, why: 'SignalR pings of a hub websocket, and its idle time-out' },
  'apps/server/src/hubs/fanout.ts': { count: 1, why: 'keepalive of the LISTEN connection of the hub fan-out' },
  'apps/server/src/modules/console/vnc-proxy.ts': { count: 1, why: 'the VNC proxy waits for a slow browser to drain' },
};

/**
 * How often a source names `setInterval` in code — a call, `globalThis.setInterval`, an import or an
 * alias — comments and strings aside.
 */
export function intervalUses(source: string): number {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  let n = 0;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === 'setInterval') n++;
    node.forEachChild(visit);
  };
  visit(file);
  return n;
}

/** Every `setInterval` of the server's sources, as file → count (test files aside). */
function serverIntervals(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of fs.readdirSync(path.join(ROOT, SERVER_SRC), { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
    const file = path.posix.join(SERVER_SRC, f.split(path.sep).join('/'));
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    // Only files that spell the name are parsed: parsing the whole tree is slow on a busy machine.
    const n = text.includes('setInterval') ? intervalUses(text) : 0;
    if (n > 0) out[file] = n;
  }
  return out;
}

describe('no setInterval work outside the job list', () => {
  it('counts setInterval in code however it is reached, and not in comments or strings', () => {
    const sample = [
      '// setInterval(() => work(), 1000) is not allowed',
      "const s = 'setInterval(x)';",
      'setInterval(() => work(), 1000);',
      'globalThis.setInterval(work, 5);',
      "import { setInterval as every } from 'node:timers/promises';",
      'const t = setInterval;',
      'clearInterval(t);',
    ].join('\n');
    expect(intervalUses(sample)).toBe(4);
    expect(intervalUses('setTimeout(work, 5); clearInterval(x);')).toBe(0);
  });

  it('finds setInterval only in the enqueue-only ticker and the named protocol timers', () => {
    const found = serverIntervals();
    // The scan must see the real tree: the ticker is always there.
    expect(found['apps/server/src/jobs/recurring-ticker.ts']).toBe(1);
    const allowed = Object.fromEntries(Object.entries(ALLOWED_INTERVALS).map(([f, a]) => [f, a.count]));
    expect(found).toEqual(allowed);
  });
});
