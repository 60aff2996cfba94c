import { isDatabaseDown } from './db/database-errors.js';

/**
 * The last line of defence of a long-running process (issue 11): a database that goes away must
 * never end it. Libraries that talk to PostgreSQL in the background (pg-boss failing a job while
 * the database restarts, a client losing its server between queries) can leave such an error
 * unhandled; it is logged and the process goes on, recovering with the database. Any other
 * uncaught exception still ends the process, as it leaves state nobody can vouch for; an
 * unhandled rejection is logged.
 */
export function installProcessGuards(log: (m: string) => void): void {
  const text = (e: unknown) => (e instanceof Error ? `${e.message}${e.stack ? `\n${e.stack}` : ''}` : String(e));
  process.on('unhandledRejection', (reason) => {
    log(`${isDatabaseDown(reason) ? 'database unavailable' : 'unhandled rejection'}: ${text(reason)}`);
  });
  process.on('uncaughtException', (err) => {
    if (isDatabaseDown(err)) {
      log(`database unavailable: ${err.message}`);
      return;
    }
    log(`uncaught exception, stopping: ${text(err)}`);
    process.exit(1);
  });
}
