import { describe, expect, it } from 'vitest';
import { TEST_KEYS } from '../rules/ssh-key.fixtures';
import { fieldErrors } from './issues';
import { copySshKeysToProjectSchema, deleteSshKeysSchema, updateSshKeyNameSchema, uploadSshKeysSchema } from './ssh-keys';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('uploadSshKeysSchema', () => {
  it('takes the text as given and an optional project', () => {
    const text = `${TEST_KEYS.ed25519.line}\n`;
    expect(uploadSshKeysSchema.parse({ p_keys: text })).toEqual({ p_keys: text });
    expect(uploadSshKeysSchema.parse({ p_keys: text, p_project: 3 })).toEqual({ p_keys: text, p_project: 3 });
    expect(uploadSshKeysSchema.parse({ p_keys: text, p_project: null }).p_project).toBeNull();
  });

  it('refuses blank text, more than 100 keys and an oversized text', () => {
    expect(errorsOf(uploadSshKeysSchema, { p_keys: ' \n ' })).toEqual({ p_keys: 'ssh_keys_empty' });
    expect(errorsOf(uploadSshKeysSchema, {})).toEqual({ p_keys: 'ssh_keys_empty' });
    expect(errorsOf(uploadSshKeysSchema, { p_keys: Array(101).fill(TEST_KEYS.ed25519.line).join('\n') })).toEqual({
      p_keys: 'ssh_keys_too_many',
    });
    expect(errorsOf(uploadSshKeysSchema, { p_keys: 'x'.repeat(300_001) })).toEqual({ p_keys: 'field_too_long' });
  });

  it('refuses a project id that is not a positive integer', () => {
    expect(errorsOf(uploadSshKeysSchema, { p_keys: 'x', p_project: 'default' })).toEqual({ p_project: 'project_required' });
  });
});

describe('key id lists', () => {
  it('drop repeated ids', () => {
    expect(deleteSshKeysSchema.parse({ p_ids: [3, 1, 3] })).toEqual({ p_ids: [3, 1] });
  });

  it('need at least one positive id', () => {
    expect(errorsOf(deleteSshKeysSchema, { p_ids: [] })).toEqual({ p_ids: 'ssh_keys_none_selected' });
    expect(errorsOf(deleteSshKeysSchema, {})).toEqual({ p_ids: 'ssh_keys_none_selected' });
    expect(errorsOf(deleteSshKeysSchema, { p_ids: [0] })).toEqual({ p_ids: 'invalid_data' });
    expect(errorsOf(copySshKeysToProjectSchema, { p_ids: [1] })).toEqual({ p_project: 'project_required' });
  });
});

describe('updateSshKeyNameSchema', () => {
  it('trims the name', () => {
    expect(updateSshKeyNameSchema.parse({ p_id: 1, p_name: ' laptop ' })).toEqual({ p_id: 1, p_name: 'laptop' });
  });

  it('refuses empty, multi-line and long names', () => {
    expect(errorsOf(updateSshKeyNameSchema, { p_id: 1, p_name: ' ' })).toEqual({ p_name: 'ssh_key_name_empty' });
    expect(errorsOf(updateSshKeyNameSchema, { p_id: 1, p_name: 'a\u0000b' })).toEqual({ p_name: 'ssh_key_name_invalid' });
    expect(errorsOf(updateSshKeyNameSchema, { p_id: 1, p_name: 'k'.repeat(65) })).toEqual({ p_name: 'field_too_long' });
    expect(errorsOf(updateSshKeyNameSchema, { p_id: 'x', p_name: 'ok' })).toEqual({ p_id: 'invalid_data' });
  });
});
