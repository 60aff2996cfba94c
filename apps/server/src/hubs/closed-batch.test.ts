import { describe, expect, it } from 'vitest';
import { closedBatch } from './closed-batch.js';

/** A `run` that records its calls and settles each only when told (or at once). */
function recorder(o: { hold?: boolean; failFirst?: boolean } = {}) {
  const calls: string[][] = [];
  const release: Array<() => void> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const run = async (ids: string[]) => {
    calls.push(ids);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      if (o.hold) await new Promise<void>((ok) => release.push(ok));
      if (o.failFirst && calls.length === 1) throw new Error('database away');
    } finally {
      inFlight -= 1;
    }
  };
  return { calls, release, run, mostInFlight: () => mostInFlight };
}

const turn = () => new Promise<void>((ok) => setImmediate(ok));

describe('closedBatch', () => {
  it('deactivates the sockets closed in one turn of the event loop with one call', async () => {
    const r = recorder();
    const b = closedBatch(r.run);
    for (const id of ['a', 'b', 'c']) b.add(id);
    await b.idle();
    expect(r.calls).toEqual([['a', 'b', 'c']]);
  });

  it('gathers the ids closed while a call runs into the next call, one call at a time', async () => {
    const r = recorder({ hold: true });
    const b = closedBatch(r.run);
    b.add('a');
    await turn();
    await turn();
    expect(r.calls).toEqual([['a']]);
    for (const id of ['b', 'c', 'd']) b.add(id);
    await turn();
    expect(r.calls).toHaveLength(1);
    r.release.shift()!();
    await turn();
    expect(r.calls).toEqual([['a'], ['b', 'c', 'd']]);
    r.release.shift()!();
    await b.idle();
    expect(r.mostInFlight()).toBe(1);
    // Idle again: a later close starts a new call.
    b.add('e');
    await turn();
    await turn();
    r.release.shift()!();
    await b.idle();
    expect(r.calls.at(-1)).toEqual(['e']);
  });

  it('splits a large batch into calls of at most `max` ids', async () => {
    const r = recorder();
    const b = closedBatch(r.run, undefined, 2);
    for (const id of ['a', 'b', 'c', 'd', 'e']) b.add(id);
    await b.idle();
    expect(r.calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('reports a failed call and goes on with the next ids', async () => {
    const r = recorder({ failFirst: true });
    const errors: unknown[] = [];
    const b = closedBatch(r.run, (e) => errors.push(e), 1);
    b.add('a');
    b.add('b');
    await b.idle();
    expect(r.calls).toEqual([['a'], ['b']]);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('database away');
  });
});
