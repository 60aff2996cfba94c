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
  it("reads a ticket's message of the tickets hub, which names no server", () => {
    expect(parseHubPayload('{"ticket":12,"event":"comment"}')).toEqual({ ticket: 12, event: 'comment', message: '' });
    expect(parseHubPayload({ ticket: 'x', event: 'update' })).toBeNull();
  });
  it('ignores broken JSON, joined texts and values without provisioned_id', () => {
    expect(parseHubPayload('{provisioned_id')).toBeNull();
    expect(parseHubPayload('c_joined_[terminal]')).toBeNull();
    expect(parseHubPayload({ status: 'x' })).toBeNull();
    expect(parseHubPayload('[1]')).toBeNull();
  });
});
