/**
 * SSH keys: upload (one OpenSSH public key per line, all or nothing), rename, delete and copy to
 * another project. Lines are checked with the contract's wire-format parser; the fingerprint is
 * 'SHA256:' + unpadded base64 of the blob's SHA-256, as ssh-keygen -l prints it.
 */
import crypto from 'node:crypto';
import { MESSAGES } from '@portside/contract/messages';
import { defaultKeyName, parseSshKeyList, type SshKeyLineError } from '@portside/contract/rules/ssh-key';
import type { CopySshKeysResult, UploadSshKeysResult } from '@portside/contract/schemas/ssh-keys';
import type { Tx } from '../../db/database.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import { targetProject } from '../projects/projects.service.js';
import * as repo from './ssh-keys.repository.js';

/** Lines named in an error message; the details list them all. */
const LINES_IN_MESSAGE = 5;

/** The fingerprint of a key blob, like `ssh-keygen -l -E sha256`. */
export function fingerprintOf(blob: Uint8Array): string {
  return `SHA256:${crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** 'line 3: <text>; line 5: <text>' (at most LINES_IN_MESSAGE, then 'and N more'), and `p_keys.N: key` detail lines. */
function lineError(code: 'SSH_KEY_INVALID' | 'SSH_KEY_EXISTS', errors: SshKeyLineError[]): AppError {
  const text = (e: SshKeyLineError) => `line ${e.line}: ${MESSAGES[e.error]}${e.sameAs ? ` (line ${e.sameAs})` : ''}`;
  const shown = errors.slice(0, LINES_IN_MESSAGE).map(text);
  const more = errors.length - shown.length;
  return new AppError(code, {
    message: shown.join('; ') + (more > 0 ? `; and ${more} more` : ''),
    details: errors.map((e) => `p_keys.${e.line}: ${e.error}`).join('\n'),
  });
}

function isUniqueClash(e: unknown): boolean {
  const pg = e as { code?: string; constraint?: string };
  return pg?.code === '23505' && pg.constraint === 'ssh_keys_project_fingerprint_key';
}

/** UploadSSHKeys: every line must be a valid key not yet in the project, or nothing is saved. */
export async function uploadKeys(u: UserCtx, text: string, projectId: number | null | undefined): Promise<UploadSshKeysResult> {
  const { keys, errors } = parseSshKeyList(text);
  if (errors.length) throw lineError('SSH_KEY_INVALID', errors);
  const rows = keys.map(({ line, key }) => {
    const fingerprint = fingerprintOf(key.blob);
    const name = defaultKeyName(key, fingerprint);
    return { line, key: { name, public_key: key.text, key_type: key.type, bits: key.bits, fingerprint, comment: key.comment } };
  });
  return u.tenant(async (tx) => {
    const project = await targetProject(tx, projectId);
    const present = new Set(
      (
        await repo.keysWithFingerprints(
          tx,
          project.id,
          rows.map((r) => r.key.fingerprint),
        )
      ).map((k) => k.fingerprint),
    );
    const clashes = rows
      .filter((r) => present.has(r.key.fingerprint))
      .map((r): SshKeyLineError => ({ line: r.line, error: 'ssh_key_exists' }));
    if (clashes.length) throw lineError('SSH_KEY_EXISTS', clashes);
    const ids = await repo
      .insertKeys(
        tx,
        project.id,
        rows.map((r) => r.key),
      )
      .catch((e: unknown) => {
        // The same key uploaded by a request racing this one.
        if (isUniqueClash(e)) throw new AppError('SSH_KEY_EXISTS');
        throw e;
      });
    return {
      success: true,
      keys: rows.map((r, i) => ({ id: ids[i]!, name: r.key.name, fingerprint: r.key.fingerprint, line: r.line })),
    };
  });
}

/** The account's keys `ids`, all of them, or a 404 naming the missing ones (nothing changes). */
async function allKeys(tx: Tx, ids: number[]): Promise<repo.SshKeyRecord[]> {
  const found = await repo.lockKeys(tx, ids);
  if (found.length !== ids.length) {
    const have = new Set(found.map((k) => k.id));
    throw new AppError('NotFound', { details: `p_ids: ${ids.filter((id) => !have.has(id)).join(', ')}` });
  }
  return found;
}

/** UpdateSSHKeyName. Key names need not be unique (the fingerprint tells keys apart); the same name again is a no-op. */
export async function renameKey(u: UserCtx, id: number, name: string): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    if (!(await repo.renameKey(tx, id, name))) throw new AppError('NotFound');
    return { success: true };
  });
}

/** DeleteSSHKeys: all named keys, or none when one of them is not the account's. */
export async function deleteKeys(u: UserCtx, ids: number[]): Promise<{ success: true; deleted: number }> {
  return u.tenant(async (tx) => {
    await allKeys(tx, ids);
    return { success: true, deleted: await repo.deleteKeys(tx, ids) };
  });
}

/** CopySSHKeysToProject: keys the project already holds are skipped and counted. */
export async function copyKeys(u: UserCtx, ids: number[], projectId: number): Promise<CopySshKeysResult> {
  return u.tenant(async (tx) => {
    const project = await targetProject(tx, projectId);
    await allKeys(tx, ids);
    const copied = await repo.copyKeys(tx, ids, project.id);
    return { success: true, copied, skipped: ids.length - copied };
  });
}
