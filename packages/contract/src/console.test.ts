import { describe, expect, it } from 'vitest';
import { CONSOLE_WS_PATH, consoleHashInput, consoleSocketTarget, decodeBase64Url, encodeBase64Url } from './console';

const good = { url: encodeBase64Url(CONSOLE_WS_PATH), cookie: 'A'.repeat(43), epoch: '1767225600', hash: 'ab'.repeat(64) };

describe('console links', () => {
  it('round-trips base64url without padding and refuses other alphabets', () => {
    expect(encodeBase64Url('/console/ws')).toBe('L2NvbnNvbGUvd3M');
    expect(decodeBase64Url('L2NvbnNvbGUvd3M')).toBe('/console/ws');
    expect(decodeBase64Url('L2Nvbn+vbGUvd3M=')).toBeNull();
    expect(decodeBase64Url('A')).toBeNull();
  });

  it('hashes url|cookie|epoch', () => {
    expect(consoleHashInput('u', 'c', 5)).toBe('u|c|5');
  });

  it('gives the socket path and query of a well-formed link', () => {
    expect(consoleSocketTarget(good)).toEqual({
      path: '/console/ws',
      query: `cookie=${good.cookie}&epoch=1767225600&hash=${good.hash}`,
    });
  });

  it('refuses a path to another host or with odd characters, and malformed parts', () => {
    for (const path of ['//evil.example/ws', 'https://evil.example/', '/a b', 'console']) {
      expect(consoleSocketTarget({ ...good, url: encodeBase64Url(path) }), path).toBeNull();
    }
    expect(consoleSocketTarget({ ...good, cookie: 'a/b' })).toBeNull();
    expect(consoleSocketTarget({ ...good, epoch: '-1' })).toBeNull();
    expect(consoleSocketTarget({ ...good, hash: 'AB'.repeat(64) })).toBeNull();
    expect(consoleSocketTarget({ ...good, hash: 'ab' })).toBeNull();
  });
});
