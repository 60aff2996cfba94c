/** GET MySSHKeys (spec 2 §7): every SSH key of the account with its project. Row: the contract's sshKeyRow. */
import { sshKeyRow } from '@portside/contract/schemas/ssh-keys';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** Projects and SSH keys belong to the cloud servers: menu-see-cloud-servers (docs/access.md). */
const seeCloud = claim('menu-see-cloud-servers');

export const sshKeysViews: ViewDef[] = [
  defineView({
    name: 'MySSHKeys',
    access: seeCloud,
    row: sshKeyRow,
    source: `SELECT k.id, k.name, k.key_type, k.bits, k.fingerprint, k.comment, k.public_key, k.project_id AS project,
        p.name AS project_name, k.created_at
      FROM ssh_keys k JOIN projects p ON p.id = k.project_id WHERE k.client_id = portside_client()`,
    order: 'created_at.desc,id.desc',
  }),
];
