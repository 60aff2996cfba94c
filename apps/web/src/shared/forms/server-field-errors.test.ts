import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { fieldErrorsFromApi, parseValidationDetails } from './server-field-errors';

const apiError = (status: number, code: string, details: string | null = null) =>
  new ApiError(status, { code, message: code, hint: null, details });

describe('server field errors', () => {
  it('reads one `p_field: key` line per field, known keys as validation texts, others raw', () => {
    expect(parseValidationDetails('p_minutes: logout_minutes_invalid\np_x: odd text\np_minutes: field_too_long\nnoise')).toEqual({
      p_minutes: 'validation:logout_minutes_invalid',
      p_x: 'raw:odd text',
    });
  });

  it('puts a mapped code on its field and leaves other errors to the form alert', () => {
    expect(fieldErrorsFromApi(apiError(422, 'WRONG_PASSWORD'), { WRONG_PASSWORD: ['p_old_password', 'profile:wrong'] })).toEqual({
      p_old_password: 'profile:wrong',
    });
    expect(fieldErrorsFromApi(apiError(400, 'VALIDATION_FAILED', 'p_timezone: timezone_unknown'))).toEqual({
      p_timezone: 'validation:timezone_unknown',
    });
    expect(fieldErrorsFromApi(apiError(500, 'INTERNAL'))).toBeNull();
    expect(fieldErrorsFromApi(new Error('x'))).toBeNull();
  });
});

describe('parseValidationDetails', () => {
  it('reads one `p_field: key` line per field, keeping the first of each', () => {
    expect(parseValidationDetails('p_city: city_empty\np_email: email_invalid\np_city: field_too_long')).toEqual({
      p_city: 'validation:city_empty',
      p_email: 'validation:email_invalid',
    });
  });

  it('keeps an unknown message as raw text and skips lines that are not field lines', () => {
    expect(parseValidationDetails('p_x: something odd\nnot a field line')).toEqual({ p_x: 'raw:something odd' });
  });

  it('treats a field named like an Object method as a field', () => {
    expect(parseValidationDetails('constructor: city_empty')).toEqual({ constructor: 'validation:city_empty' });
  });
});

describe('fieldErrorsFromApi', () => {
  it('puts a mapped catalogue code on its field', () => {
    const map = { EMAIL_TAKEN: ['p_email', 'auth:register.errors.email_taken'] } as const;
    expect(fieldErrorsFromApi(apiError(409, 'EMAIL_TAKEN'), map)).toEqual({ p_email: 'auth:register.errors.email_taken' });
  });

  it('spreads VALIDATION_FAILED details over the fields', () => {
    expect(fieldErrorsFromApi(apiError(400, 'VALIDATION_FAILED', 'p_state: state_empty'))).toEqual({
      p_state: 'validation:state_empty',
    });
  });

  it('leaves other errors to the page alert', () => {
    expect(fieldErrorsFromApi(apiError(500, 'INTERNAL'))).toBeNull();
    expect(fieldErrorsFromApi(apiError(400, 'VALIDATION_FAILED', null))).toBeNull();
    expect(fieldErrorsFromApi(new Error('boom'))).toBeNull();
  });
});
