/**
 * Projects (spec 1 §3 Project, §5 Project name; spec 2 §7 Projects calls): the MyProjects row
 * and the bodies of AddMyProject, UpdateProjectName, MakeProjectDefault, DeleteMyProject and
 * VmsUpdateProject. Issue messages are message keys.
 */
import { z } from '../zod';
import { LIMITS } from '../constants';
import type { MessageKey } from '../messages';
import { validateProjectName } from '../rules/validators';
import { timestampField } from './view-row';

/** Adds the rule's message key as the field's one issue when it refuses the value. */
function checked(schema: z.ZodString, rule: (v: string) => MessageKey | null): z.ZodString {
  return schema.check((ctx) => {
    const key = rule(ctx.value);
    if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
  });
}

/** A project id (MyProjects.project): a positive integer. */
export const projectIdField = z.int({ error: 'project_required' }).positive({ error: 'project_required' });

/**
 * A project name, never trimmed (a leading space is refused as a space): letters, digits, '-',
 * '_' and '.', LIMITS.projectNameMin to LIMITS.projectNameMax characters. Uniqueness and
 * 'unchanged' need the account's projects and are checked by the server.
 */
export const projectNameField = checked(z.string({ error: 'project_name_empty' }), (v) => validateProjectName(v)).meta({
  minLength: LIMITS.projectNameMin,
  maxLength: LIMITS.projectNameMax,
  pattern: '^[A-Za-z0-9._-]+$',
});

/** Longest server id accepted in VmsUpdateProject. */
export const VM_ID_MAX = 64;
/** Most servers one VmsUpdateProject call may move. */
export const VMS_PER_CALL_MAX = 200;

/** Body of POST /api/rpc/AddMyProject. */
export const addMyProjectSchema = z.object({ p_name: projectNameField });
export type AddMyProjectBody = z.output<typeof addMyProjectSchema>;

/** Body of POST /api/rpc/UpdateProjectName. */
export const updateProjectNameSchema = z.object({ p_project: projectIdField, p_name: projectNameField });
export type UpdateProjectNameBody = z.output<typeof updateProjectNameSchema>;

/** Body of POST /api/rpc/MakeProjectDefault and /api/rpc/DeleteMyProject. */
export const projectRefSchema = z.object({ p_project: projectIdField });
export type ProjectRefBody = z.output<typeof projectRefSchema>;

/** Body of POST /api/rpc/VmsUpdateProject: servers (their provisioned ids) to move into a project. */
export const vmsUpdateProjectSchema = z.object({
  p_vms: z
    .array(
      checked(z.string({ error: 'invalid_data' }).trim(), (v) => (v === '' || v.length > VM_ID_MAX ? 'invalid_data' : null)),
      { error: 'vms_empty' },
    )
    .min(1, { error: 'vms_empty' })
    .max(VMS_PER_CALL_MAX, { error: 'invalid_data' }),
  p_project: projectIdField,
});
export type VmsUpdateProjectBody = z.output<typeof vmsUpdateProjectSchema>;

/** An SSH key as MyProjects lists it per project. */
export const projectKeyRefSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** 'SHA256:' + unpadded base64. */
  fingerprint: z.string(),
});
export type ProjectKeyRef = z.infer<typeof projectKeyRefSchema>;

/** One row of GET /api/MyProjects, default first by default. */
export const projectRow = z.object({
  /** The project's id. */
  project: z.int(),
  name: z.string(),
  /** The account's default project (exactly one per account). */
  is_default: z.boolean(),
  /** Servers in the project (not deleted ones). */
  vm_count: z.int(),
  /** The project's SSH keys, by name. */
  ssh_keys: z.array(projectKeyRefSchema),
  /** How many SSH keys the project holds. */
  ssh_key_count: z.int(),
  created_at: timestampField(),
});
export type ProjectRow = z.infer<typeof projectRow>;
