/**
 * Helpers of the project and SSH key tests: reading the views, adding projects, and counting
 * what the database holds (as the owner, so row-level security does not hide anything).
 */
import { expect } from 'vitest';
import type { TestServer, Json } from './harness.js';
import { scalar } from './factories.js';

/** MyProjects as `token` sees it. */
export async function projectsOf(s: TestServer, token: string, query = ''): Promise<Json[]> {
  const r = await s.get(`MyProjects${query}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** MySSHKeys as `token` sees it. */
export async function keysOf(s: TestServer, token: string, query = ''): Promise<Json[]> {
  const r = await s.get(`MySSHKeys${query}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Adds a project and answers its id. */
export async function addProject(s: TestServer, token: string, name: string): Promise<number> {
  const r = await s.rpc('AddMyProject', { p_name: name }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.project as number;
}

/** The id of the account's default project. */
export async function defaultProjectOf(s: TestServer, token: string): Promise<number> {
  return (await projectsOf(s, token, '?is_default=is.true'))[0].project;
}

/** Audit entries of an account for one action and result. */
export function auditCount(s: TestServer, clientId: string, action: string, result: 'ok' | 'error' = 'ok'): Promise<number> {
  return scalar(s, `SELECT count(*) FROM audit_log WHERE client_id = $1 AND action = $2 AND result = $3`, [
    clientId,
    action,
    result,
  ]);
}

/** A snapshot of everything projects and keys hold, to prove a refused call changed nothing. */
export async function projectState(s: TestServer): Promise<string> {
  const r = await s.db.owner.query(
    `SELECT (SELECT json_agg(p ORDER BY p.id) FROM (SELECT id, client_id, name, is_default FROM projects) p) AS projects,
            (SELECT json_agg(k ORDER BY k.id) FROM (SELECT id, project_id, name, fingerprint FROM ssh_keys) k) AS keys`,
  );
  return JSON.stringify(r.rows[0]);
}
