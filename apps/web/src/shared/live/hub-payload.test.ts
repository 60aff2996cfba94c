import { describe, expect, it } from 'vitest';
import { parseHubPayload } from './hub-payload';

describe('parseHubPayload', () => {
  it('reads a JSON text holding provisioned_id', () => {
    expect(parseHubPayload('{"provisioned_id":7,"status":"ok","message":"m"}')).toEqual({
      provisioned_id: 7,
      status: 'ok',
      message: 'm',
    });
  });
  it('accepts an object argument and fills a missing message', () => {
    expect(parseHubPayload({ provisioned_id: 'a', status: 'x' })).toEqual({ provisioned_id: 'a', status: 'x', message: '' });
  });
  it('ignores broken JSON, joined texts and values without provisioned_id', () => {
    expect(parseHubPayload('{provisioned_id')).toBeNull();
    expect(parseHubPayload('c_joined_[terminal]')).toBeNull();
    expect(parseHubPayload({ status: 'x' })).toBeNull();
    expect(parseHubPayload('[1]')).toBeNull();
  });
});
