import { describe, expect, it } from 'vitest';
import { fieldErrors } from './issues';
import {
  addClientServiceSchema,
  myServiceCommentSchema,
  myServiceDeleteSchema,
  myServicesHistorySchema,
  SERVICE_COMMENT_MAX,
} from './services';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('myServiceDeleteSchema', () => {
  it('takes an end day, or null to withdraw the cancellation', () => {
    expect(myServiceDeleteSchema.parse({ p_equipment_id: 70001, p_end_date: '2026-07-31' })).toEqual({
      p_equipment_id: 70001,
      p_end_date: '2026-07-31',
    });
    expect(myServiceDeleteSchema.parse({ p_equipment_id: 70001, p_end_date: null }).p_end_date).toBeNull();
  });
  it.each([
    [{ p_equipment_id: 70001 }, { p_end_date: 'cancel_date_required' }],
    [{ p_equipment_id: 70001, p_end_date: '' }, { p_end_date: 'cancel_date_required' }],
    [{ p_equipment_id: 70001, p_end_date: '31.07.2026' }, { p_end_date: 'date_invalid' }],
    [{ p_equipment_id: 70001, p_end_date: '2026-02-30' }, { p_end_date: 'date_invalid' }],
    [{ p_equipment_id: 0, p_end_date: '2026-07-31' }, { p_equipment_id: 'service_required' }],
    [{ p_equipment_id: '70001', p_end_date: '2026-07-31' }, { p_equipment_id: 'service_required' }],
  ])('refuses %j', (body, errors) => {
    expect(errorsOf(myServiceDeleteSchema, body)).toEqual(errors);
  });
});

describe('myServiceCommentSchema', () => {
  it('trims the comment and accepts an empty one (removes it)', () => {
    expect(myServiceCommentSchema.parse({ p_equipment_id: 1, p_comment: '  rack 4  ' }).p_comment).toBe('rack 4');
    expect(myServiceCommentSchema.parse({ p_equipment_id: 1, p_comment: '' }).p_comment).toBe('');
  });
  it('refuses more than 500 characters', () => {
    expect(errorsOf(myServiceCommentSchema, { p_equipment_id: 1, p_comment: 'x'.repeat(SERVICE_COMMENT_MAX + 1) })).toEqual({
      p_comment: 'service_comment_too_long',
    });
    expect(errorsOf(myServiceCommentSchema, { p_equipment_id: 1, p_comment: 'x'.repeat(SERVICE_COMMENT_MAX) })).toEqual({});
  });
});

describe('addClientServiceSchema', () => {
  it('needs a product code; the parent server is optional', () => {
    expect(errorsOf(addClientServiceSchema, {})).toEqual({ p_product: 'service_product_required' });
    expect(errorsOf(addClientServiceSchema, { p_product: 'Managed Backup' })).toEqual({ p_product: 'service_product_required' });
    expect(addClientServiceSchema.parse({ p_product: 'managed-backup', p_parent_equipment_id: null })).toEqual({
      p_product: 'managed-backup',
      p_parent_equipment_id: null,
    });
  });
});

describe('myServicesHistorySchema', () => {
  it('pages 25 rows by default and at most 100', () => {
    expect(myServicesHistorySchema.parse({})).toEqual({ p_limit: 25, p_offset: 0 });
    expect(errorsOf(myServicesHistorySchema, { p_limit: 101 })).toEqual({ p_limit: 'invalid_data' });
    expect(errorsOf(myServicesHistorySchema, { p_offset: -1 })).toEqual({ p_offset: 'invalid_data' });
  });
});
