/** Ids per statement: one UPDATE … = ANY($1) stays small enough for a quick plan and a short lock. */
export const CLOSED_BATCH_MAX = 1000;

export interface ClosedBatch {
  /** Notes a closed socket's id; its mapping is deactivated with the others closed meanwhile. */
  add(id: string): void;
  /** Settles once every id noted so far was handed to `run` and that call settled. */
  idle(): Promise<void>;
}

/**
 * Deactivates the mappings of closed sockets in batches: the ids that close while a call runs (or
 * in the same turn of the event loop) go in the next call, one call at a time. When thousands of
 * sockets drop together (a network failure, a proxy restart), one transaction per socket would
 * queue thousands of transactions on the pool: they time out waiting for a connection, and those
 * mappings were left active, so a batch costs a few statements instead. Best effort as before: a
 * failed call is reported to `onError` and its ids are not tried again.
 */
export function closedBatch(
  run: (ids: string[]) => Promise<void>,
  onError: (err: unknown) => void = () => {},
  max = CLOSED_BATCH_MAX,
): ClosedBatch {
  let pending: string[] = [];
  let running: Promise<void> | null = null;

  const drain = async () => {
    // Let the sockets closing in this turn of the event loop join the first call.
    await new Promise<void>((ok) => setImmediate(ok));
    while (pending.length > 0) {
      const ids = pending.slice(0, max);
      pending = pending.slice(max);
      await run(ids).catch(onError);
    }
    running = null;
  };

  return {
    add(id) {
      pending.push(id);
      running ??= drain();
    },
    async idle() {
      while (running) await running;
    },
  };
}
