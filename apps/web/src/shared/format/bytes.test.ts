import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('shows bytes below one KiB as whole bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
  });

  it('uses binary units with one decimal below ten', () => {
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(3 * 1024 ** 3 + 1024 ** 3 / 4)).toBe('3.3 GiB');
  });

  it('rounds to whole units from ten up', () => {
    expect(formatBytes(700 * 1024 ** 2)).toBe('700 MiB');
  });

  it('formats in the given language', () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KiB');
  });

  it('shows a dash for a missing or impossible size', () => {
    expect(formatBytes(null)).toBe('–');
    expect(formatBytes(-1)).toBe('–');
  });
});
