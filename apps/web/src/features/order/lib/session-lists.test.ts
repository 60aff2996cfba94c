import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { loadIntoSession, type SessionWriter } from './session-lists';

function recorder() {
  const writes: Array<[string, unknown]> = [];
  const write: SessionWriter = (key, value) => void writes.push([key, value]);
  return { writes, write };
}

describe('loadIntoSession', () => {
  it('stores the list and clears the error message on success', async () => {
    const r = recorder();
    const out = await loadIntoSession('productsVms', async () => [{ model: 'S4R16' }], r.write);
    expect(out).toEqual([{ model: 'S4R16' }]);
    expect(r.writes).toEqual([
      ['productsVms', [{ model: 'S4R16' }]],
      ['errorMessage', null],
    ]);
  });

  it('sets the error message and keeps the list on failure', async () => {
    const r = recorder();
    const failing = async () => {
      throw new ApiError(503, {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is not answering',
        hint: null,
        details: null,
      });
    };
    expect(await loadIntoSession('hostingLocationGlobal', failing, r.write)).toBeNull();
    expect(r.writes).toEqual([['errorMessage', 'The database is not answering']]);
  });
});
