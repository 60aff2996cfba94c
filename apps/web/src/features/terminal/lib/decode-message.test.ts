import { describe, expect, it } from 'vitest';
import { decodeBase64Utf8, terminalText } from './decode-message';

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('decodeBase64Utf8', () => {
  it('decodes ASCII and multi-byte UTF-8', () => {
    expect(decodeBase64Utf8(b64('Installing packages...\n'))).toBe('Installing packages...\n');
    expect(decodeBase64Utf8(b64('Zażółć gęślą jaźń — सर्वर ✓'))).toBe('Zażółć gęślą jaźń — सर्वर ✓');
  });

  it('ignores whitespace inside the base64', () => {
    expect(decodeBase64Utf8(`${b64('hello world').slice(0, 4)}\n${b64('hello world').slice(4)}`)).toBe('hello world');
  });

  it('refuses texts that are not strict base64', () => {
    expect(decodeBase64Utf8('not base64!')).toBeNull();
    expect(decodeBase64Utf8('abc')).toBeNull();
    expect(decodeBase64Utf8('')).toBeNull();
    expect(decodeBase64Utf8('ab=c')).toBeNull();
  });

  it('refuses base64-looking words that are not UTF-8 text', () => {
    expect(decodeBase64Utf8('test')).toBeNull(); // b5 eb 2d: not UTF-8
    expect(decodeBase64Utf8('AAAA')).toBeNull(); // NUL bytes
  });
});

describe('terminalText', () => {
  it('shows a message that cannot be decoded raw', () => {
    expect(terminalText('Job started (raw)')).toBe('Job started (raw)');
    expect(terminalText('done')).toBe('done');
  });

  it('drops ANSI colour codes', () => {
    expect(terminalText(b64('\u001b[32mOK\u001b[0m booted'))).toBe('OK booted');
  });
});
