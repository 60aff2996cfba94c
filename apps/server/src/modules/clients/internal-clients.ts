/**
 * Internal clients (spec 1 §6, issue 18): each server process writes its configured client marker
 * to the database when it starts. A database that is away then must not stop the process (it
 * answers 503 until the database is back): the write is tried again every few seconds until it
 * succeeds or the app closes.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { writeClientMarker } from './internal-clients.repository.js';

const RETRY_MS = 5_000;

export async function publishClientMarker(app: FastifyInstance, db: Pick<Database, 'system'>, marker: string): Promise<void> {
  const write = () => db.system((tx) => writeClientMarker(tx, marker));
  try {
    await write();
  } catch (err) {
    app.log.warn({ err }, 'the client marker is not written yet (database away); trying again');
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const retry = () => {
      timer = setTimeout(() => {
        write().then(
          () => undefined,
          () => (closed ? undefined : retry()),
        );
      }, RETRY_MS);
      timer.unref();
    };
    retry();
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
    });
  }
}
