import { describe, expect, it } from 'vitest';
import { mergeStored } from './merge-stored';
import type { TerminalEntry } from './terminal-entry';

let id = 0;
const entry = (key: string, at: string): TerminalEntry => ({
  id: ++id,
  label: null,
  text: key,
  textKey: null,
  textParams: null,
  at,
  key,
});

describe('mergeStored', () => {
  it('puts stored messages in front of live ones, in their order', () => {
    const stored = [entry('a', '2026-01-01T10:00:00Z'), entry('b', '2026-01-01T10:01:00Z')];
    const live = [entry('c', '2026-01-01T10:05:00Z')];
    expect(mergeStored(stored, live).map((e) => e.key)).toEqual(['a', 'b', 'c']);
  });

  it('leaves out the stored copy of a message that already arrived live', () => {
    const stored = [entry('a', '2026-01-01T10:00:00Z'), entry('c', '2026-01-01T10:05:00Z')];
    const live = [entry('c', '2026-01-01T10:05:02Z')];
    expect(mergeStored(stored, live).map((e) => `${e.key}@${e.at.slice(11, 19)}`)).toEqual(['a@10:00:00', 'c@10:05:02']);
  });

  it('keeps an older stored message with the same text and hides one copy per live message', () => {
    const stored = [
      entry('dot', '2026-01-01T09:00:00Z'),
      entry('dot', '2026-01-01T10:05:00Z'),
      entry('dot', '2026-01-01T10:05:01Z'),
    ];
    const live = [entry('dot', '2026-01-01T10:05:01Z')];
    expect(mergeStored(stored, live).map((e) => e.at.slice(11, 19))).toEqual(['09:00:00', '10:05:01', '10:05:01']);
  });

  it('works with nothing stored or nothing live', () => {
    expect(mergeStored([], [])).toEqual([]);
    expect(mergeStored([entry('a', '2026-01-01T10:00:00Z')], []).length).toBe(1);
  });
});
