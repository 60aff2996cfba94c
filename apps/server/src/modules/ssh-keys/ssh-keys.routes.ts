/**
 * SSH keys (spec 2 §7): GET MySSHKeys and the rpcs UploadSSHKeys, UpdateSSHKeyName, DeleteSSHKeys
 * and CopySSHKeysToProject. Access: claim `menu-see-cloud-servers`, like projects (see projects.routes.ts).
 */
import {
  copySshKeysToProjectSchema,
  deleteSshKeysSchema,
  updateSshKeyNameSchema,
  uploadSshKeysSchema,
  type UploadSshKeysResult,
} from '@portside/contract/schemas/ssh-keys';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import * as keys from './ssh-keys.service.js';
import { target, targets } from '../audit/audit-target.js';

/** Projects and SSH keys belong to the cloud servers: menu-see-cloud-servers (docs/access.md). */
const seeCloud = claim('menu-see-cloud-servers');

export const sshKeysRpcs: AnyRpc[] = [
  defineRpc({
    name: 'UploadSSHKeys',
    access: seeCloud,
    schema: uploadSshKeysSchema,
    audit: true,
    auditTarget: (b, r) => [
      ...((r as UploadSshKeysResult | undefined)?.keys ?? []).map((k) => target('SSH key', k.id, k.name)),
      ...(b.p_project ? ['in', target('project', b.p_project)] : []),
    ],
    handler: (ctx, b) => keys.uploadKeys(ctx, b.p_keys, b.p_project),
  }),
  defineRpc({
    name: 'UpdateSSHKeyName',
    access: seeCloud,
    schema: updateSshKeyNameSchema,
    audit: true,
    auditTarget: (b) => [target('SSH key', b.p_id), `→ "${b.p_name}"`],
    handler: (ctx, b) => keys.renameKey(ctx, b.p_id, b.p_name),
  }),
  defineRpc({
    name: 'DeleteSSHKeys',
    access: seeCloud,
    schema: deleteSshKeysSchema,
    audit: true,
    auditTarget: (b) => targets('SSH key', b.p_ids),
    handler: (ctx, b) => keys.deleteKeys(ctx, b.p_ids),
  }),
  defineRpc({
    name: 'CopySSHKeysToProject',
    access: seeCloud,
    schema: copySshKeysToProjectSchema,
    audit: true,
    auditTarget: (b) => [...targets('SSH key', b.p_ids), '→', target('project', b.p_project)],
    handler: (ctx, b) => keys.copyKeys(ctx, b.p_ids, b.p_project),
  }),
];
