import { describe, expect, it } from 'vitest';
import { fieldErrors } from './issues';
import { logoutSchema, sessionEndSchema, sessionsEndAllSchema } from './sessions';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('logoutSchema', () => {
  it('takes an empty body', () => {
    expect(logoutSchema.parse({})).toEqual({});
  });
});

describe('sessionEndSchema', () => {
  it('accepts a session id as MySessions lists it', () => {
    const id = '3f2b8c1e-9d4a-4c7b-8e21-0a5f6b7c8d9e';
    expect(sessionEndSchema.parse({ p_session: id })).toEqual({ p_session: id });
  });

  it.each([
    undefined,
    '',
    'not-a-uuid',
    42,
    '3f2b8c1e-9d4a-4c7b-8e21-0a5f6b7c8d9',
    "3f2b8c1e-9d4a-4c7b-8e21-0a5f6b7c8d9e' OR 1=1",
  ])('refuses %j as invalid_data', (v) => {
    expect(errorsOf(sessionEndSchema, { p_session: v })).toEqual({ p_session: 'invalid_data' });
  });
});

describe('sessionsEndAllSchema', () => {
  it('needs p_confirm: true', () => {
    expect(sessionsEndAllSchema.parse({ p_confirm: true })).toEqual({ p_confirm: true });
  });

  it.each([undefined, false, 'true', 1])('refuses p_confirm %j, so an empty call logs nobody out', (v) => {
    expect(errorsOf(sessionsEndAllSchema, { p_confirm: v })).toEqual({ p_confirm: 'invalid_data' });
  });
});
