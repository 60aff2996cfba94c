import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { runner } from 'node-pg-migrate';

const dir = path.join(import.meta.dirname, 'migrations');

/** The names of this build's migrations (file names without .sql), as node-pg-migrate records them in pgmigrations. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.slice(0, -'.sql'.length))
    .sort();
}

/** Applies every pending migration (versioned SQL files in ./migrations) in one transaction. */
export async function migrate(ownerUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const done = await runner({
      dbClient: client,
      dir,
      direction: 'up',
      migrationsTable: 'pgmigrations',
      checkOrder: true,
      singleTransaction: true,
      advisoryLockMode: 'wait',
      log: () => {},
    });
    return done.map((m) => m.name);
  } finally {
    await client.end();
  }
}

/**
 * For the embedded server: gives the portside_app role a login with a password only this data
 * directory knows, so the application never connects as the superuser.
 */
export async function enableAppLogin(ownerUrl: string, password: string): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(`ALTER ROLE portside_app LOGIN PASSWORD '${password.replace(/'/g, "''")}'`);
  } finally {
    await client.end();
  }
  const u = new URL(ownerUrl);
  u.username = 'portside_app';
  u.password = password;
  return u.toString();
}

export function newSecret(): string {
  return crypto.randomBytes(18).toString('base64url');
}
