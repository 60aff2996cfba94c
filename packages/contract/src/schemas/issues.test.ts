import { describe, expect, it } from 'vitest';
import { z } from '../zod';
import { ROOT_FIELD, fieldErrors, issueList, issuePaths } from './issues';

const schema = z
  .object({
    a: z.string().min(1, { error: 'a_empty' }).regex(/^x/, { error: 'a_bad' }),
    nested: z.object({ b: z.string({ error: 'b_missing' }) }),
    toString: z.string({ error: 'ts_missing' }),
  })
  .refine(() => false, { error: 'whole_body' });

describe('issueList', () => {
  it('lists every issue with its top-level field and key', () => {
    const r = schema.safeParse({ a: '', nested: {}, toString: 'x' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(issueList(r.error)).toEqual([
      { field: 'a', key: 'a_empty' },
      { field: 'a', key: 'a_bad' },
      { field: 'nested', key: 'b_missing' },
    ]);
  });

  it('files body-level issues under the root field', () => {
    const r = schema.safeParse({ a: 'x', nested: { b: 'y' }, toString: 'x' });
    expect(!r.success && issueList(r.error)).toEqual([{ field: ROOT_FIELD, key: 'whole_body' }]);
  });
});

describe('fieldErrors', () => {
  it('keeps the first key of each field', () => {
    const r = schema.safeParse({ a: '', nested: {} });
    expect(!r.success && fieldErrors(r.error)).toEqual({ a: 'a_empty', nested: 'b_missing', toString: 'ts_missing' });
  });

  it('keeps a field named like an Object method as an own field', () => {
    const r = schema.safeParse({ a: 'x', nested: { b: 'y' } });
    const errors = !r.success ? fieldErrors(r.error) : {};
    expect(Object.prototype.hasOwnProperty.call(errors, 'toString')).toBe(true);
    expect(errors.toString).toBe('ts_missing');
  });
});

describe('issuePaths', () => {
  it('names a field inside a list of objects by its whole path, and a value of a plain list by its list', () => {
    const schema = z.object({
      p_rules: z.array(z.object({ dport: z.string().min(1, { error: 'port_bad' }) })),
      p_ids: z.array(z.int({ error: 'id_bad' })),
    });
    const r = schema.safeParse({ p_rules: [{ dport: '1' }, { dport: '' }], p_ids: [1, 'x'] });
    expect(!r.success && issuePaths(r.error)).toEqual([
      { path: 'p_rules.1.dport', key: 'port_bad' },
      { path: 'p_ids', key: 'id_bad' },
    ]);
  });
});
