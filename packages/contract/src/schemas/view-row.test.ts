import { describe, expect, it } from 'vitest';
import { z } from '../zod';
import { column, columnsOf, columnTypeOf, dayField, timestampField } from './view-row';

describe('columnsOf', () => {
  it('derives each column type from the zod type of its field, through nullable and optional', () => {
    const row = z.object({
      id: z.int(),
      amount: z.number(),
      ok: z.boolean(),
      user: z.guid().nullable(),
      at: timestampField(),
      on: dayField().optional(),
      name: z.string(),
      status: z.enum(['a', 'b']),
      tags: z.array(z.string()),
      items: z.array(z.object({ id: z.int() })),
      extra: z.object({ x: z.int() }).nullable(),
    });
    expect(columnsOf(row)).toEqual({
      id: 'int',
      amount: 'numeric',
      ok: 'bool',
      user: 'uuid',
      at: 'timestamptz',
      on: 'date',
      name: 'text',
      status: 'text',
      tags: 'text[]',
      items: 'json',
      extra: 'json',
    });
  });

  it('takes the declared column type where the zod type is ambiguous, also when nullable', () => {
    const row = z.object({
      rate: column(z.string(), 'numeric'),
      claims: column(z.array(z.string()), 'json').nullable(),
    });
    expect(columnsOf(row)).toEqual({ rate: 'numeric', claims: 'json' });
    // The declaration belongs to that one schema, not to every string.
    expect(columnTypeOf(z.string())).toBe('text');
  });

  it('refuses a field no column type fits', () => {
    expect(() => columnTypeOf(z.unknown())).toThrow(/declare it with column/);
  });
});
