/**
 * SSH keys (spec 1 §3 SSH key: name and key text, one key per line; spec 2 §7 UploadSSHKeys,
 * UpdateSSHKeyName, DeleteSSHKeys, CopySSHKeysToProject): the MySSHKeys row and the call bodies.
 * Each key line itself is checked by the server with rules/ssh-key, which names the bad lines.
 */
import { z } from '../zod';
import {
  SSH_KEYS_MAX_PER_UPLOAD,
  SSH_KEYS_TEXT_MAX,
  SSH_KEY_NAME_MAX,
  countKeyLines,
  validateSshKeyName,
} from '../rules/ssh-key';
import { projectIdField } from './projects';
import { timestampField } from './view-row';

/** Most keys one delete or copy may name. */
export const SSH_KEY_IDS_MAX = 500;

/** Key ids (MySSHKeys.id): at least one; repeats are dropped. */
export const sshKeyIdsField = z
  .array(z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }), { error: 'ssh_keys_none_selected' })
  .min(1, { error: 'ssh_keys_none_selected' })
  .max(SSH_KEY_IDS_MAX, { error: 'invalid_data' })
  .transform((ids) => [...new Set(ids)]);

/** The pasted keys: not blank, at most SSH_KEYS_TEXT_MAX characters and SSH_KEYS_MAX_PER_UPLOAD lines with text. */
export const sshKeysTextField = z
  .string({ error: 'ssh_keys_empty' })
  .check((ctx) => {
    const v = ctx.value;
    const key =
      v.trim() === ''
        ? 'ssh_keys_empty'
        : v.length > SSH_KEYS_TEXT_MAX
          ? 'field_too_long'
          : countKeyLines(v) > SSH_KEYS_MAX_PER_UPLOAD
            ? 'ssh_keys_too_many'
            : null;
    if (key) ctx.issues.push({ code: 'custom', message: key, input: v });
  })
  .meta({ maxLength: SSH_KEYS_TEXT_MAX, description: 'One OpenSSH public key per line' });

/** Body of POST /api/rpc/UploadSSHKeys; without p_project the keys go to the default project. */
export const uploadSshKeysSchema = z.object({ p_keys: sshKeysTextField, p_project: projectIdField.nullish() });
export type UploadSshKeysBody = z.output<typeof uploadSshKeysSchema>;

/** A key name, trimmed: required, no control characters, at most SSH_KEY_NAME_MAX characters. */
export const sshKeyNameField = z
  .string({ error: 'ssh_key_name_empty' })
  .trim()
  .check((ctx) => {
    const key = validateSshKeyName(ctx.value);
    if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
  })
  .meta({ minLength: 1, maxLength: SSH_KEY_NAME_MAX });

/** Body of POST /api/rpc/UpdateSSHKeyName. */
export const updateSshKeyNameSchema = z.object({
  p_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
  p_name: sshKeyNameField,
});
export type UpdateSshKeyNameBody = z.output<typeof updateSshKeyNameSchema>;

/** Body of POST /api/rpc/DeleteSSHKeys. */
export const deleteSshKeysSchema = z.object({ p_ids: sshKeyIdsField });
export type DeleteSshKeysBody = z.output<typeof deleteSshKeysSchema>;

/** Body of POST /api/rpc/CopySSHKeysToProject. */
export const copySshKeysToProjectSchema = z.object({ p_ids: sshKeyIdsField, p_project: projectIdField });
export type CopySshKeysToProjectBody = z.output<typeof copySshKeysToProjectSchema>;

/** One row of GET /api/MySSHKeys. */
export const sshKeyRow = z.object({
  id: z.int(),
  name: z.string(),
  /** OpenSSH type name, e.g. ssh-ed25519. */
  key_type: z.string(),
  /** The key's size in bits. */
  bits: z.int(),
  /** 'SHA256:' + unpadded base64, as ssh-keygen -l prints it. */
  fingerprint: z.string(),
  /** The comment of the key line, if it had one. */
  comment: z.string().nullable(),
  /** The key line in canonical form (type, base64, comment). */
  public_key: z.string(),
  /** The project the key belongs to (MyProjects.project) and its name. */
  project: z.int(),
  project_name: z.string(),
  created_at: timestampField(),
});
export type SshKeyRow = z.infer<typeof sshKeyRow>;

/** Answer of UploadSSHKeys: the keys saved, in line order. */
export interface UploadSshKeysResult {
  success: true;
  keys: Array<{ id: number; name: string; fingerprint: string; line: number }>;
}

/** Answer of CopySSHKeysToProject: keys copied, and keys skipped because the project already holds them. */
export interface CopySshKeysResult {
  success: true;
  copied: number;
  skipped: number;
}
