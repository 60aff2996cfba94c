import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { fieldErrors } from './issues';
import { addMyProjectSchema, projectRefSchema, updateProjectNameSchema, vmsUpdateProjectSchema } from './projects';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('addMyProjectSchema', () => {
  it('accepts a valid name as given', () => {
    expect(addMyProjectSchema.parse({ p_name: 'web_prod-1.eu' })).toEqual({ p_name: 'web_prod-1.eu' });
  });

  it.each([
    [undefined, 'project_name_empty'],
    ['', 'project_name_empty'],
    ['my project', 'project_name_spaces'],
    [' web', 'project_name_spaces'],
    ['proj@x', 'project_name_invalid_chars'],
    ['ab', 'project_name_too_short'],
    ['a'.repeat(LIMITS.projectNameMax + 1), 'project_name_too_long'],
  ])('refuses %j with %s', (name, key) => {
    expect(errorsOf(addMyProjectSchema, { p_name: name })).toEqual({ p_name: key });
  });

  it('uses the spec’s wording for every project name rule', () => {
    expect(MESSAGES.project_name_unchanged).toBe('Name unchanged, not updating');
    expect(MESSAGES.project_not_empty).toBe('Project cannot be deleted if it contains VMs or SSH keys');
  });

  it('shows the name limits in the JSON Schema', () => {
    const json = JSON.stringify(addMyProjectSchema.toJSONSchema());
    expect(json).toContain(`"minLength":${LIMITS.projectNameMin}`);
    expect(json).toContain(`"maxLength":${LIMITS.projectNameMax}`);
  });
});

describe('project references', () => {
  it('need a positive whole project id', () => {
    expect(projectRefSchema.parse({ p_project: 7 })).toEqual({ p_project: 7 });
    for (const p of [undefined, '7', 0, -1, 1.5, null])
      expect(errorsOf(projectRefSchema, { p_project: p }), String(p)).toEqual({ p_project: 'project_required' });
  });

  it('checks the id and the name of a rename', () => {
    expect(errorsOf(updateProjectNameSchema, { p_project: 'x', p_name: 'a b' })).toEqual({
      p_project: 'project_required',
      p_name: 'project_name_spaces',
    });
  });
});

describe('vmsUpdateProjectSchema', () => {
  it('takes trimmed server ids and a project', () => {
    expect(vmsUpdateProjectSchema.parse({ p_vms: [' vm-1 '], p_project: 2 })).toEqual({ p_vms: ['vm-1'], p_project: 2 });
  });

  it('needs at least one server, each a non-empty id', () => {
    expect(errorsOf(vmsUpdateProjectSchema, { p_vms: [], p_project: 2 })).toEqual({ p_vms: 'vms_empty' });
    expect(errorsOf(vmsUpdateProjectSchema, { p_project: 2 })).toEqual({ p_vms: 'vms_empty' });
    expect(errorsOf(vmsUpdateProjectSchema, { p_vms: [' '], p_project: 2 })).toEqual({ p_vms: 'invalid_data' });
    expect(errorsOf(vmsUpdateProjectSchema, { p_vms: [3], p_project: 2 })).toEqual({ p_vms: 'invalid_data' });
  });

  it('accepts any list of 1 to 200 short ids', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,64}$/), { minLength: 1, maxLength: 200 }),
        (vms) => vmsUpdateProjectSchema.safeParse({ p_vms: vms, p_project: 1 }).success,
      ),
      { numRuns: 50 },
    );
  });
});
