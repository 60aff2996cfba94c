import pg from 'pg';

/**
 * Who a piece of SQL runs for: an account (tenant), nobody (an anonymous caller: row-level
 * security shows no account's rows) or the system (auth and public flows).
 */
export type DbScope =
  | {
      kind: 'tenant';
      clientId: string;
      userId: string;
      /** The caller's login session (portside_session()), when known. */ sessionId?: string;
    }
  | { kind: 'anonymous' }
  | { kind: 'system' };

export type Tx = pg.PoolClient;

// Dates and timestamps leave the database as ISO strings, bigint ids as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

/** How long taking a connection may wait (the pool full, or the database not answering). */
const CONNECT_TIMEOUT_MS = 5_000;

const ignore = () => {};
const GUARDED = Symbol('portside.guarded');

/** Gives a pool client, once, a listener for 'error' events while it is checked out. */
function guard(client: pg.PoolClient): void {
  const c = client as pg.PoolClient & { [GUARDED]?: true };
  if (c[GUARDED]) return;
  c[GUARDED] = true;
  client.on('error', ignore);
}

/** BEGIN and the transaction's row-level-security context for `scope`, as one simple-protocol text. */
function beginSql(tx: Tx, scope: DbScope): string {
  const [client, user, system, session] =
    scope.kind === 'tenant'
      ? [scope.clientId, scope.userId, 'off', scope.sessionId ?? '']
      : ['', '', scope.kind === 'system' ? 'on' : 'off', ''];
  const lit = (v: string) => tx.escapeLiteral(v);
  return `BEGIN; SELECT set_config('portside.client_id', ${lit(client)}, true), set_config('portside.user_id', ${lit(user)}, true),
    set_config('portside.system', ${lit(system)}, true), set_config('portside.session_id', ${lit(session)}, true)`;
}

/**
 * The application's connections. `app` runs as the portside_app role, which row-level security
 * applies to; `owner` is used only for migrations, seeding and health checks.
 */
export class Database {
  readonly app: pg.Pool;
  readonly owner: pg.Pool;

  constructor(ownerUrl: string, appUrl: string | null) {
    // A database that does not answer fails a request within seconds (503) instead of holding it.
    const common = { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true };
    this.owner = new pg.Pool({ connectionString: ownerUrl, max: 4, ...common });
    this.app = appUrl
      ? new pg.Pool({ connectionString: appUrl, max: 20, ...common })
      : new pg.Pool({ connectionString: ownerUrl, max: 20, options: '-c role=portside_app', ...common });
    // Idle clients that lose their server are dropped by the pool; the next checkout connects anew.
    this.owner.on('error', ignore);
    this.app.on('error', ignore);
    // A checked-out client has no listener of the pool's: one that loses its server between two
    // queries (a transaction awaiting a driver, a held lock) would throw 'error' into the process
    // and end it. The failure reaches its user through the next query's rejection instead.
    this.owner.on('acquire', guard);
    this.app.on('acquire', guard);
  }

  /**
   * Runs `fn` in one transaction with the request context set for row-level security. BEGIN and
   * the context go in one round trip (the simple protocol takes several statements at once, so the
   * values are quoted as literals there).
   */
  async run<T>(scope: DbScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = await this.app.connect();
    try {
      await tx.query(beginSql(tx, scope));
      const out = await fn(tx);
      await tx.query('COMMIT');
      return out;
    } catch (e) {
      await tx.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      // (The pool discards a client whose connection broke rather than hand it to the next request.)
      tx.release();
    }
  }

  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run({ kind: 'system' }, fn);
  }

  async ping(): Promise<boolean> {
    try {
      await this.app.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.app.end(), this.owner.end()]);
  }
}
