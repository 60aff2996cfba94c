/**
 * Projects (spec 2 §7): GET MyProjects and the rpcs AddMyProject, UpdateProjectName,
 * MakeProjectDefault, DeleteMyProject and VmsUpdateProject.
 *
 * Access: claim `menu-see-cloud-servers` (issue 9, docs/access.md) — projects group cloud servers,
 * so whoever may see the servers manages their projects; the default project is never deleted.
 */
import {
  addMyProjectSchema,
  projectRefSchema,
  updateProjectNameSchema,
  vmsUpdateProjectSchema,
} from '@portside/contract/schemas/projects';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import * as projects from './projects.service.js';
import { answerField, target, targets } from '../audit/audit-target.js';

/** Projects and SSH keys belong to the cloud servers: menu-see-cloud-servers (docs/access.md). */
const seeCloud = claim('menu-see-cloud-servers');

export const projectsRpcs: AnyRpc[] = [
  defineRpc({
    name: 'AddMyProject',
    access: seeCloud,
    schema: addMyProjectSchema,
    audit: true,
    auditTarget: (b, r) => target('project', answerField(r, 'project'), b.p_name),
    handler: (ctx, b) => projects.addProject(ctx, b.p_name),
  }),
  defineRpc({
    name: 'UpdateProjectName',
    access: seeCloud,
    schema: updateProjectNameSchema,
    audit: true,
    auditTarget: (b) => [target('project', b.p_project), `→ "${b.p_name}"`],
    handler: (ctx, b) => projects.renameProject(ctx, b.p_project, b.p_name),
  }),
  defineRpc({
    name: 'MakeProjectDefault',
    access: seeCloud,
    schema: projectRefSchema,
    audit: true,
    auditTarget: (b) => target('project', b.p_project),
    handler: (ctx, b) => projects.makeDefault(ctx, b.p_project),
  }),
  defineRpc({
    name: 'DeleteMyProject',
    access: seeCloud,
    schema: projectRefSchema,
    audit: true,
    auditTarget: (b) => target('project', b.p_project),
    handler: (ctx, b) => projects.deleteProject(ctx, b.p_project),
  }),
  defineRpc({
    name: 'VmsUpdateProject',
    access: claim('menu-see-cloud-servers'),
    schema: vmsUpdateProjectSchema,
    audit: true,
    auditTarget: (b) => [...targets('server', b.p_vms), '→', target('project', b.p_project)],
    handler: (ctx, b) => projects.moveVms(ctx, b.p_vms, b.p_project),
  }),
];
