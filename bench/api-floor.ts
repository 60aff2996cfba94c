/**
 * The request path against its floor (issue 11). One run starts the portal and a bare Node `http` +
 * `pg` handler on the same embedded PostgreSQL, with pools of the same size, and loads both from one
 * client process (the same requests, interleaved round by round, at 8 and 64 connections):
 *
 * - `GET /api/MyProfile` and `GET /api/MyVMs2` (a customer with 500 servers): the floor verifies the
 *   HS256 token, checks in one statement that the user is not blocked, the token version matches and
 *   the session is open while setting the row-level-security context, runs the view's own SQL (read
 *   from the portal's registry) and commits — four round trips: BEGIN with the system context,
 *   check + the account's context, view, COMMIT.
 * - `POST /api/rpc/ProfileUpdateLanguage`: the same, then the update and the account log entry the
 *   portal writes. (VmRename starts a durable job; a floor for that would measure pg-boss, not the
 *   request path.)
 *
 * It prints requests per second and p50/p99 of each, and each ratio portal ÷ floor. The goal:
 * throughput ratio ≥ 0.8 and p99 ≤ 1.5× the floor's at 64 connections.
 *
 * Run: `npx tsx bench/api-floor.ts [seconds per round=3] [rounds=3]`.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { buildRegistry } from '../apps/server/src/registry.js';
import { buildQuery } from '../apps/server/src/http/postgrest.js';
import { runLoad, type LoadPlan, type LoadResult } from './load-client.js';
import { demoToken, startPortal } from './start-portal.js';

if (process.argv.includes('--client')) {
  // The client process: runs the plan the parent sends and answers with the figures.
  process.once('message', (plan: LoadPlan) => {
    void runLoad(plan).then((r) => process.send!(r, () => process.exit(0)));
  });
} else {
  await main();
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 3);
  const rounds = Number(process.argv[3] ?? 3);
  const { base: portal, booted, stop } = await startPortal('floor');
  // The floor's pool: the portal's application pool's settings (role, size), a pool of its own.
  const pool = new pg.Pool({ ...booted.db.app.options });
  pool.on('error', () => {});
  const floorServer = http.createServer(floorHandler(pool, booted.secrets.jwtKey));
  await new Promise<void>((ok) => floorServer.listen(0, '127.0.0.1', ok));
  const floor = `http://127.0.0.1:${(floorServer.address() as { port: number }).port}`;
  try {
    await addServers(booted.db.owner, 'demo@portside.test', 500);
    const token = await demoToken(portal);
    const requests = [
      { label: 'GET MyProfile', method: 'GET', path: '/api/MyProfile' },
      { label: 'GET MyVMs2 (500 servers)', method: 'GET', path: '/api/MyVMs2' },
      {
        label: 'POST ProfileUpdateLanguage',
        method: 'POST',
        path: '/api/rpc/ProfileUpdateLanguage',
        body: JSON.stringify({ p_language: 'en' }),
      },
    ] as const;
    // Both answer the same thing: a check that the floor is not cheating by doing less.
    for (const r of requests) await sameAnswer(portal, floor, token, r);
    const plan: LoadPlan = { targets: { portal, floor }, token, requests: [...requests], concurrency: [8, 64], seconds, rounds };
    const result = await inChildProcess(plan);
    report(result, os.cpus().length);
  } finally {
    await new Promise((ok) => floorServer.close(ok));
    await pool.end();
    await stop();
  }
}

/** A view's SQL exactly as the portal builds it for a read without filters (its own query builder). */
function viewSql(name: string): string {
  const v = buildRegistry().views.find((x) => x.name === name);
  if (!v) throw new Error(`no view ${name}`);
  // The floor's two views have fixed SQL (no configuration in it).
  if (typeof v.source !== 'string') throw new Error(`view ${name} builds its SQL from the configuration`);
  return buildQuery(v.source, v.columns, {}, v.order).sql;
}

/** The floor: the least a correct handler of these three requests must do. */
function floorHandler(pool: pg.Pool, key: Uint8Array): http.RequestListener {
  const sql = { '/api/MyProfile': viewSql('MyProfile'), '/api/MyVMs2': viewSql('MyVMs2') } as Record<string, string>;
  const CHECK = `SELECT set_config('portside.client_id', u.client_id::text, true), set_config('portside.user_id', u.id::text, true),
                        set_config('portside.system', 'off', true), set_config('portside.session_id', $3::text, true),
                        u.client_id, u.email
                   FROM users u
                  WHERE u.id = $1::uuid AND NOT u.blocked AND u.token_version = $2 AND u.client_id = $4::uuid
                    AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = $3::uuid AND s.user_id = u.id AND s.ended_at IS NULL)`;
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const claims = verifyHs256(String(req.headers.authorization ?? '').replace(/^Bearer /, ''), key);
        if (!claims) return send(res, 401, { code: 'JWT_INVALID' });
        const client = await pool.connect();
        try {
          // One round trip (simple protocol): the user and session rows are read in the system context,
          // which the check's own set_config then turns off for the view.
          await client.query(`BEGIN; SELECT set_config('portside.system', 'on', true)`);
          const who = await client.query<{ client_id: string; email: string }>(CHECK, [
            claims.sub,
            claims.tv,
            claims.sid,
            claims.cid,
          ]);
          if (!who.rows[0]) {
            await client.query('ROLLBACK');
            return send(res, 401, { code: 'JWT_REVOKED' });
          }
          let out: unknown;
          if (req.method === 'GET' && sql[req.url ?? '']) {
            out = (await client.query(sql[req.url!]!)).rows;
          } else if (req.method === 'POST' && req.url === '/api/rpc/ProfileUpdateLanguage') {
            const body = JSON.parse(Buffer.concat(chunks).toString()) as { p_language: string };
            await client.query(`UPDATE clients SET language = $1 WHERE id = portside_client()`, [body.p_language]);
            await client.query(
              `INSERT INTO audit_log (client_id, user_id, actor_email, action, target, result, ip) VALUES ($1,$2,$3,$4,$5,'ok',$6)`,
              [
                who.rows[0].client_id,
                claims.sub,
                who.rows[0].email,
                'ProfileUpdateLanguage',
                `account language → ${body.p_language}`,
                '127.0.0.1',
              ],
            );
            out = { success: true };
          } else {
            await client.query('ROLLBACK');
            return send(res, 404, { code: 'NotFound' });
          }
          await client.query('COMMIT');
          send(res, 200, out);
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {});
          send(res, 500, { code: 'INTERNAL', message: String(e) });
        } finally {
          client.release();
        }
      })();
    });
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** HS256 with the server's key and an expiry in the future; the claims, or null. */
function verifyHs256(token: string, key: Uint8Array): { sub: string; tv: number; sid: string; cid: string } | null {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return null;
  const mac = crypto.createHmac('sha256', key).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, 'base64url');
  if (given.length !== mac.length || !crypto.timingSafeEqual(given, mac)) return null;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    sub: string;
    tv: number;
    sid: string;
    cid: string;
    exp: number;
  };
  return claims.exp > Date.now() / 1000 ? claims : null;
}

/** Gives the account `n` more servers (copies of one of its own). */
async function addServers(owner: pg.Pool, email: string, n: number): Promise<void> {
  await owner.query(
    `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, power_status, locked,
                      backups_enabled, snapshots_gb, last_seen_at, created_at)
     SELECT v.client_id, v.project_id, v.cluster_id, v.node, 900000 + g, 'bench-' || g, v.model_id, v.disk_gb, v.power_status,
            v.locked, v.backups_enabled, v.snapshots_gb, now(), now()
       FROM (SELECT vms.* FROM vms JOIN users u ON u.client_id = vms.client_id
              WHERE u.email = $1 AND vms.state = 'active' LIMIT 1) v, generate_series(1, $2) g`,
    [email, n],
  );
}

async function sameAnswer(
  portal: string,
  floor: string,
  token: string,
  r: { label: string; method: string; path: string; body?: string },
) {
  const go = (base: string) =>
    fetch(base + r.path, {
      method: r.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: r.body,
    }).then(async (res) => ({ status: res.status, text: await res.text() }));
  const [a, b] = [await go(portal), await go(floor)];
  if (a.status !== 200 || b.status !== 200 || JSON.stringify(JSON.parse(a.text)) !== JSON.stringify(JSON.parse(b.text)))
    throw new Error(
      `${r.label}: portal ${a.status} and floor ${b.status} answer differently: ${a.text.slice(0, 300)} / ${b.text.slice(0, 300)}`,
    );
}

function inChildProcess(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--client'], { execArgv: process.execArgv, serialization: 'advanced' });
    child.once('message', (r) => resolve(r as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => (code ? reject(new Error(`load client exited with ${code}`)) : undefined));
    child.send(plan);
  });
}

function report(result: LoadResult, cores: number): void {
  console.log(`Portside request path vs. its floor — ${cores} cores, embedded PostgreSQL, client in its own process`);
  console.log('request                          conns   portal req/s  p50   p99 |  floor req/s  p50   p99 | ratio  p99×');
  for (const row of result.rows) {
    const ratio = row.portal.rps / row.floor.rps;
    const p99 = row.portal.p99 / row.floor.p99;
    console.log(
      `${row.label.padEnd(32)} ${String(row.concurrency).padStart(5)}  ${fmt(row.portal)} | ${fmt(row.floor)} | ${ratio.toFixed(2).padStart(5)} ${p99.toFixed(2).padStart(5)}${ratio >= 0.8 && (row.concurrency !== 64 || p99 <= 1.5) ? '' : '  ✗'}`,
    );
  }
}

function fmt(s: { rps: number; p50: number; p99: number }): string {
  return `${s.rps.toFixed(0).padStart(12)} ${s.p50.toFixed(1).padStart(5)} ${s.p99.toFixed(1).padStart(5)}`;
}
