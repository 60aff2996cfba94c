import { describe, expect, it } from 'vitest';
import { parseJoinedMessage } from './joined-message';
import { parseHubPayload } from './hub-payload';

describe('parseJoinedMessage', () => {
  it('reads the connection id and the destination', () => {
    expect(parseJoinedMessage('abc-123_joined_[terminal]')).toEqual({ connectionId: 'abc-123', destination: 'terminal' });
  });
  it('accepts a destination without brackets', () => {
    expect(parseJoinedMessage('x_joined_power')).toEqual({ connectionId: 'x', destination: 'power' });
  });
  it('ignores texts without the marker, an empty id and other values', () => {
    expect(parseJoinedMessage('hello')).toBeNull();
    expect(parseJoinedMessage('_joined_[power]')).toBeNull();
    expect(parseJoinedMessage(42)).toBeNull();
  });
});

describe('parseHubPayload', () => {
  it('reads a JSON text holding provisioned_id', () => {
    expect(parseHubPayload('{"provisioned_id":7,"status":"ok","message":"m"}')).toEqual({ provisioned_id: 7, status: 'ok', message: 'm' });
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
