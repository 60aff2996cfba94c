import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { fieldErrorsFromApi, parseValidationDetails } from './server-field-errors';

const apiError = (status: number, code: string, details: string | null = null) => new ApiError(status, { code, message: code, hint: null, details });

describe('server field errors', () => {
  it('reads one `p_field: key` line per field, known keys as validation texts, others raw', () => {
    expect(parseValidationDetails('p_minutes: logout_minutes_invalid\np_x: odd text\np_minutes: field_too_long\nnoise')).toEqual({
      p_minutes: 'validation:logout_minutes_invalid',
      p_x: 'raw:odd text',
    });
  });

  it('puts a mapped code on its field and leaves other errors to the form alert', () => {
    expect(fieldErrorsFromApi(apiError(422, 'WRONG_PASSWORD'), { WRONG_PASSWORD: ['p_old_password', 'profile:wrong'] })).toEqual({ p_old_password: 'profile:wrong' });
    expect(fieldErrorsFromApi(apiError(400, 'VALIDATION_FAILED', 'p_timezone: timezone_unknown'))).toEqual({ p_timezone: 'validation:timezone_unknown' });
    expect(fieldErrorsFromApi(apiError(500, 'INTERNAL'))).toBeNull();
    expect(fieldErrorsFromApi(new Error('x'))).toBeNull();
  });
});
