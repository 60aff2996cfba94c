import type { Config } from '../config.js';
import { loadSecrets, type Secrets } from '../secrets.js';
import { Database } from './database.js';
import { startEmbedded, type EmbeddedServer } from './embedded.js';
import { enableAppLogin, migrate } from './migrate.js';
import { seed } from './seed.js';

export interface Booted {
  db: Database;
  /** The owner's connection string (migrations, and the job runner's own schema). */
  ownerUrl: string;
  secrets: Secrets;
  embedded: EmbeddedServer | null;
  stop(): Promise<void>;
}

/**
 * Brings the database up: the embedded PostgreSQL when DATABASE_URL is unset, then migrations,
 * the application role's login, and the demo seed on the first start.
 */
export async function bootDatabase(config: Config, log: (m: string) => void = () => {}): Promise<Booted> {
  const secrets = await loadSecrets(config.dataDir, config.jwtSecret);
  const embedded = config.databaseUrl ? null : await startEmbedded(config.dataDir, log);
  const ownerUrl = config.databaseUrl ?? embedded!.url;
  try {
    const applied = await migrate(ownerUrl);
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    const appUrl = config.appDatabaseUrl ?? (embedded ? await enableAppLogin(ownerUrl, secrets.appDbPassword) : null);
    const db = new Database(ownerUrl, appUrl);
    if (config.seedOnFirstStart) {
      const seeded = await db.owner.query(`SELECT 1 FROM users LIMIT 1`);
      if (seeded.rowCount === 0) {
        await seed(db.owner);
        log('demo data seeded');
      }
    }
    return {
      db,
      ownerUrl,
      secrets,
      embedded,
      async stop() {
        await db.close().catch(() => {});
        await embedded?.stop();
      },
    };
  } catch (e) {
    await embedded?.stop();
    throw e;
  }
}
