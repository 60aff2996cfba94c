import { describe, expect, it } from 'vitest';
import { recentEntries } from './get-recent-messages';

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const stored = (text: string, label: string, at: string) => ({
  message: JSON.stringify({ provisioned_id: 1, label, stage: 's', message: b64(text) }),
  created_at: at,
});

describe('recentEntries', () => {
  it('reverses the newest-first answer and decodes each message', () => {
    const entries = recentEntries([
      stored('second', 'vm-2', '2026-01-01T10:01:00Z'),
      stored('first', 'vm-1', '2026-01-01T10:00:00Z'),
    ]);
    expect(entries.map((e) => [e.label, e.text, e.at])).toEqual([
      ['vm-1', 'first', '2026-01-01T10:00:00Z'],
      ['vm-2', 'second', '2026-01-01T10:01:00Z'],
    ]);
  });

  it('shows a stored text that is not a message raw and skips junk', () => {
    const entries = recentEntries([{ message: 'plain words', created_at: '2026-01-01T10:00:00Z' }, null, { message: 3 }]);
    expect(entries.map((e) => [e.label, e.text])).toEqual([[null, 'plain words']]);
  });

  it('gives nothing for an answer that is not a list', () => {
    expect(recentEntries({ message: 'x' })).toEqual([]);
  });
});
