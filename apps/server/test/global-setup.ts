import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbedded, type EmbeddedServer } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/db/seed.js';

export const TEMPLATE_DB = 'portside_template';
export const APP_PASSWORD = 'portside-test-app';

let server: EmbeddedServer | null = null;
let dir = '';

/**
 * Starts one real PostgreSQL for the whole run and prepares a migrated, seeded template database;
 * every test file then gets its own copy (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgUrl', process.env.TEST_DATABASE_URL);
  } else {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-test-'));
    server = await startEmbedded(dir);
    project.provide('pgUrl', server.url);
  }
  const url = process.env.TEST_DATABASE_URL ?? server!.url;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const tplUrl = withDb(url, TEMPLATE_DB);
  await migrate(tplUrl);
  await admin.query(`ALTER ROLE portside_app LOGIN PASSWORD '${APP_PASSWORD}'`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: tplUrl, max: 1 });
  await seed(pool);
  await pool.end();
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}

export function withDb(url: string, db: string, user?: { name: string; password: string }): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  if (user) {
    u.username = user.name;
    u.password = user.password;
  }
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
