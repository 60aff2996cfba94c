/** GET MyProjects (spec 2 §7): the account's projects with their servers and SSH keys. Row: the contract's projectRow. */
import { projectRow } from '@portside/contract/schemas/projects';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** Projects and SSH keys belong to the cloud servers: menu-see-cloud-servers (docs/access.md). */
const seeCloud = claim('menu-see-cloud-servers');

export const projectsViews: ViewDef[] = [
  defineView({
    name: 'MyProjects',
    access: seeCloud,
    row: projectRow,
    // vm_count: project_vm_count() counts the project's servers that are not deleted (migration 0009).
    source: `SELECT p.id AS project, p.name, p.is_default, project_vm_count(p.id) AS vm_count,
        coalesce((SELECT jsonb_agg(jsonb_build_object('id', k.id, 'name', k.name, 'fingerprint', k.fingerprint) ORDER BY lower(k.name), k.id)
                    FROM ssh_keys k WHERE k.project_id = p.id), '[]'::jsonb) AS ssh_keys,
        (SELECT count(*)::int FROM ssh_keys k WHERE k.project_id = p.id) AS ssh_key_count, p.created_at
      FROM projects p WHERE p.client_id = portside_client()`,
    order: 'is_default.desc,name.asc',
  }),
];
