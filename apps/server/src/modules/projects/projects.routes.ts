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
import { claim, defineRpc, type RpcDef } from '../../http/access.js';
import { requireUser } from '../../http/guards.js';
import * as projects from './projects.service.js';

/** Projects and SSH keys belong to the cloud servers: menu-see-cloud-servers (docs/access.md). */
const seeCloud = claim('menu-see-cloud-servers');

export const projectsRpcs: RpcDef[] = [
  defineRpc({
    name: 'AddMyProject',
    access: seeCloud,
    schema: addMyProjectSchema,
    audit: true,
    handler: (ctx, b) => projects.addProject(requireUser(ctx), b.p_name),
  }),
  defineRpc({
    name: 'UpdateProjectName',
    access: seeCloud,
    schema: updateProjectNameSchema,
    audit: true,
    handler: (ctx, b) => projects.renameProject(requireUser(ctx), b.p_project, b.p_name),
  }),
  defineRpc({
    name: 'MakeProjectDefault',
    access: seeCloud,
    schema: projectRefSchema,
    audit: true,
    handler: (ctx, b) => projects.makeDefault(requireUser(ctx), b.p_project),
  }),
  defineRpc({
    name: 'DeleteMyProject',
    access: seeCloud,
    schema: projectRefSchema,
    audit: true,
    handler: (ctx, b) => projects.deleteProject(requireUser(ctx), b.p_project),
  }),
  defineRpc({
    name: 'VmsUpdateProject',
    access: claim('menu-see-cloud-servers'),
    schema: vmsUpdateProjectSchema,
    audit: true,
    handler: (ctx, b) => projects.moveVms(requireUser(ctx), b.p_vms, b.p_project),
  }),
];
