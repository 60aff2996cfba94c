/**
 * Projects (spec 2 §7): GET MyProjects and the rpcs AddMyProject, UpdateProjectName,
 * MakeProjectDefault, DeleteMyProject and VmsUpdateProject.
 *
 * Access: `customer` — every user of the account, owner or sub-user. The spec names no claim for
 * projects (they are not a sidebar entry; spec 1 §6 lists none), and ordering or managing
 * servers, which any sub-user with a server claim may do, needs projects and their SSH keys.
 */
import {
  addMyProjectSchema,
  projectRefSchema,
  updateProjectNameSchema,
  vmsUpdateProjectSchema,
} from '@portside/contract/schemas/projects';
import { claim, defineRpc, type RpcDef, type ViewDef } from '../../http/access.js';
import { requireUser } from '../../http/guards.js';
import * as projects from './projects.service.js';
import { answerField, target, targets } from '../audit/audit-target.js';

/** Projects and SSH keys belong to the cloud servers: menu-see-cloud-servers (docs/access.md). */
const seeCloud = claim('menu-see-cloud-servers');

export const projectsViews: ViewDef[] = [
  {
    name: 'MyProjects',
    access: seeCloud,
    columns: {
      project: 'int',
      name: 'text',
      is_default: 'bool',
      vm_count: 'int',
      ssh_keys: 'json',
      ssh_key_count: 'int',
      created_at: 'timestamptz',
    },
    // vm_count: project_vm_count() counts the project's servers that are not deleted (migration 0009).
    source: `SELECT p.id AS project, p.name, p.is_default, project_vm_count(p.id) AS vm_count,
        coalesce((SELECT jsonb_agg(jsonb_build_object('id', k.id, 'name', k.name, 'fingerprint', k.fingerprint) ORDER BY lower(k.name), k.id)
                    FROM ssh_keys k WHERE k.project_id = p.id), '[]'::jsonb) AS ssh_keys,
        (SELECT count(*)::int FROM ssh_keys k WHERE k.project_id = p.id) AS ssh_key_count, p.created_at
      FROM projects p WHERE p.client_id = portside_client()`,
    order: 'is_default.desc,name.asc',
  },
];

export const projectsRpcs: RpcDef[] = [
  defineRpc({
    name: 'AddMyProject',
    access: seeCloud,
    schema: addMyProjectSchema,
    audit: true,
    auditTarget: (b, r) => target('project', answerField(r, 'project'), b.p_name),
    handler: (ctx, b) => projects.addProject(requireUser(ctx), b.p_name),
  }),
  defineRpc({
    name: 'UpdateProjectName',
    access: seeCloud,
    schema: updateProjectNameSchema,
    audit: true,
    auditTarget: (b) => [target('project', b.p_project), `→ "${b.p_name}"`],
    handler: (ctx, b) => projects.renameProject(requireUser(ctx), b.p_project, b.p_name),
  }),
  defineRpc({
    name: 'MakeProjectDefault',
    access: seeCloud,
    schema: projectRefSchema,
    audit: true,
    auditTarget: (b) => target('project', b.p_project),
    handler: (ctx, b) => projects.makeDefault(requireUser(ctx), b.p_project),
  }),
  defineRpc({
    name: 'DeleteMyProject',
    access: seeCloud,
    schema: projectRefSchema,
    audit: true,
    auditTarget: (b) => target('project', b.p_project),
    handler: (ctx, b) => projects.deleteProject(requireUser(ctx), b.p_project),
  }),
  defineRpc({
    name: 'VmsUpdateProject',
    access: claim('menu-see-cloud-servers'),
    schema: vmsUpdateProjectSchema,
    audit: true,
    auditTarget: (b) => [...targets('server', b.p_vms), '→', target('project', b.p_project)],
    handler: (ctx, b) => projects.moveVms(requireUser(ctx), b.p_vms, b.p_project),
  }),
];
