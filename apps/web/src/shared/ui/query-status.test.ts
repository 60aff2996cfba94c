import { describe, expect, it, vi } from 'vitest';
import { queryStatus, retryFailed, type QueryLike } from './query-status';

const q = (over: Partial<QueryLike> = {}): QueryLike => ({
  isPending: false,
  error: null,
  refetch: vi.fn(() => Promise.resolve()),
  ...over,
});

describe('queryStatus', () => {
  it('shows the skeleton while any query has not answered, without asking whether the answer is empty', () => {
    const empty = vi.fn(() => true);
    expect(queryStatus([q(), q({ isPending: true })], empty)).toEqual({ kind: 'pending' });
    expect(empty).not.toHaveBeenCalled();
  });

  it('shows the first failure, even while another query is still pending', () => {
    const error = new Error('down');
    expect(queryStatus([q({ isPending: true }), q({ error })], () => true)).toEqual({ kind: 'error', error });
  });

  it('shows the empty state only for a real answer with nothing in it', () => {
    expect(queryStatus([q()], () => true)).toEqual({ kind: 'empty' });
    expect(queryStatus([q()], () => false)).toEqual({ kind: 'ready' });
  });
});

describe('retryFailed', () => {
  it('asks the failed queries again and leaves the others alone', async () => {
    const ok = q();
    const bad = q({ error: new Error('down') });
    await retryFailed([ok, bad]);
    expect(bad.refetch).toHaveBeenCalledTimes(1);
    expect(ok.refetch).not.toHaveBeenCalled();
  });
});
