import { describe, expect, it } from 'vitest';
import { z } from '../zod';
import { blankToNull, optionalText, requiredText, secretText } from './fields';

describe('field builders', () => {
  it('gives a required field one issue: empty, then too long, then the rule', () => {
    const f = requiredText('city_empty', 5, (v) => (v === 'bad' ? 'invalid_data' : null));
    const first = (v: unknown) => {
      const r = f.safeParse(v);
      return r.success ? null : r.error.issues.map((i) => i.message);
    };
    expect(first(' ')).toEqual(['city_empty']);
    expect(first('toolong')).toEqual(['field_too_long']);
    expect(first('bad')).toEqual(['invalid_data']);
    expect(first(' ok ')).toBeNull();
  });

  it('lets an optional field be missing or blank and runs the rule otherwise', () => {
    const f = z.object({ v: optionalText(5, () => 'invalid_data') });
    expect(f.safeParse({}).success).toBe(true);
    expect(f.safeParse({ v: '  ' }).success).toBe(true);
    expect(f.safeParse({ v: 'x' }).success).toBe(false);
  });

  it('never trims a secret', () => {
    expect(secretText('password_empty', 10).parse(' a ')).toBe(' a ');
    expect(secretText('password_empty', 2).safeParse('abc').success).toBe(false);
  });

  it('shows the length limits in the JSON Schema', () => {
    const json = z.toJSONSchema(z.object({ a: requiredText('city_empty', 7), b: optionalText(9) }), { io: 'input' });
    expect(json.properties).toEqual({
      a: { type: 'string', minLength: 1, maxLength: 7 },
      b: { type: 'string', maxLength: 9 },
    });
  });
});

describe('blankToNull', () => {
  it('turns blank and missing values into null', () => {
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull('Acme')).toBe('Acme');
  });
});
