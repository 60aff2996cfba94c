import { describe, expect, it } from 'vitest';
import { passkeyErrorKey } from './passkey-error';

const named = (name: string, code?: string) => Object.assign(new Error('browser words'), { name, code });

describe('passkeyErrorKey', () => {
  it('names a closed, refused or timed-out dialog, and a device already registered', () => {
    expect(passkeyErrorKey(named('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))).toBe('passkey_refused');
    expect(passkeyErrorKey(named('AbortError', 'ERROR_CEREMONY_ABORTED'))).toBe('passkey_refused');
    expect(passkeyErrorKey(named('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'))).toBe('passkey_known');
  });

  it('leaves other errors alone', () => {
    expect(passkeyErrorKey(new Error('x'))).toBeNull();
    expect(passkeyErrorKey(named('SecurityError', 'ERROR_INVALID_DOMAIN'))).toBeNull();
    expect(passkeyErrorKey('NotAllowedError')).toBeNull();
  });
});
