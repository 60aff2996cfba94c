import { describe, expect, it } from 'vitest';
import { anyPending, configState } from './config-state';

const server = { config_revision: 3, applied_revision: 3, power_status: 'RUNNING', push_error: null };

describe('configState', () => {
  it('is applied once the server runs the newest revision', () => {
    expect(configState(server)).toBe('applied');
    expect(configState({ ...server, applied_revision: 4 })).toBe('applied');
  });

  it('is applying while a push is due to a running server', () => {
    expect(configState({ ...server, applied_revision: 2 })).toBe('applying');
  });

  it('is waiting while the server is stopped or its last push failed', () => {
    expect(configState({ ...server, applied_revision: 2, power_status: 'STOPPED' })).toBe('waiting');
    expect(configState({ ...server, applied_revision: 2, push_error: 'QEMU guest agent is not running' })).toBe('waiting');
  });
});

describe('anyPending', () => {
  it('tells whether the list has to be read again', () => {
    expect(anyPending(undefined)).toBe(false);
    expect(anyPending([{ ...server } as never])).toBe(false);
    expect(anyPending([{ ...server } as never, { ...server, applied_revision: 1 } as never])).toBe(true);
  });
});
