import { describe, expect, it } from 'vitest';
import { statementName } from './statement-names.js';

describe('statementName', () => {
  it('gives one text the same name every time and different texts different names', () => {
    const a = statementName('SELECT 1 AS a');
    expect(a).toMatch(/^ps-[0-9a-f]{16}$/);
    expect(statementName('SELECT 1 AS a')).toBe(a);
    expect(statementName('SELECT 2 AS a')).not.toBe(a);
  });

  it('stops naming new texts at its bound but keeps the names it gave', () => {
    const first = statementName('SELECT 3 AS kept');
    for (let i = 0; i < 600; i++) statementName(`SELECT ${i} AS filler`);
    expect(statementName('SELECT 4 AS beyond')).toBeUndefined();
    expect(statementName('SELECT 3 AS kept')).toBe(first);
  });
});
