/**
 * The project rules of spec 1 §5: names (no spaces, valid characters, length, unique per account
 * ignoring case, 'Name unchanged, not updating'), exactly one default project per account, and
 * a project holding VMs or SSH keys — or the default one — cannot be deleted.
 *
 * Spec 1 §5 also says of deleting that "its items move to the default project". As a project
 * holding VMs or SSH keys cannot be deleted at all (spec 2 §8 gives that message), a deletable
 * project is empty and nothing ever moves; the refusal wins over moving items silently.
 */
import { validateProjectName } from '@portside/contract/rules/validators';
import type { Tx } from '../../db/database.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import * as repo from './projects.repository.js';

/** The Postgres error code and constraint of a failed statement, if it is one. */
function pgError(e: unknown): { code?: string; constraint?: string } {
  return typeof e === 'object' && e !== null ? e : {};
}

const nameTaken = () => new AppError('PROJECT_NAME_TAKEN', { details: 'p_name: project_name_not_unique' });

/** Turns the unique-name index's refusal (two requests racing for one name) into the rule's error. */
function mapNameClash(e: unknown): never {
  const pg = pgError(e);
  if (pg.code === '23505' && pg.constraint === 'projects_name_key') throw nameTaken();
  throw e;
}

/** The name rule's verdict for `name` among the account's projects, as the catalogue's error. */
function checkName(name: string, projects: repo.ProjectRecord[], current?: repo.ProjectRecord): void {
  const others = projects.filter((p) => p.id !== current?.id).map((p) => p.name);
  const key = validateProjectName(name, others, current?.name);
  if (key === 'project_name_unchanged') throw new AppError('PROJECT_NAME_UNCHANGED', { details: `p_name: ${key}` });
  if (key === 'project_name_not_unique') throw nameTaken();
  if (key) throw new AppError('VALIDATION_FAILED', { details: `p_name: ${key}` });
}

/** AddMyProject: a new, non-default project. */
export async function addProject(u: UserCtx, name: string): Promise<{ success: true; project: number }> {
  return u.tenant(async (tx) => {
    checkName(name, await repo.listProjects(tx));
    const id = await repo.insertProject(tx, name).catch(mapNameClash);
    return { success: true, project: id };
  });
}

/** UpdateProjectName: a rename; only changing the letter case is allowed for the same name. */
export async function renameProject(u: UserCtx, id: number, name: string): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    const project = await repo.lockProject(tx, id);
    if (!project) throw new AppError('NotFound');
    checkName(name, await repo.listProjects(tx), project);
    await repo.renameProject(tx, id, name).catch(mapNameClash);
    return { success: true };
  });
}

/** MakeProjectDefault: switches the default in one transaction; the default already is a no-op. */
export async function makeDefault(u: UserCtx, id: number): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    const projects = await repo.lockAllProjects(tx);
    const target = projects.find((p) => p.id === id);
    if (!target) throw new AppError('NotFound');
    if (!target.is_default) await repo.switchDefault(tx, id);
    return { success: true };
  });
}

/** DeleteMyProject: refused for the default project and for a project holding VMs or SSH keys. */
export async function deleteProject(u: UserCtx, id: number): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    const project = await repo.lockProject(tx, id);
    if (!project) throw new AppError('NotFound');
    if (project.is_default) throw new AppError('PROJECT_IS_DEFAULT', { details: 'p_project: project_default_not_deletable' });
    const { vms, keys } = await repo.projectContents(tx, id);
    const notEmpty = () =>
      new AppError('PROJECT_NOT_EMPTY', { details: `p_project: project_not_empty\nvms: ${vms}\nssh_keys: ${keys}` });
    if (vms > 0 || keys > 0) throw notEmpty();
    await repo.deleteProject(tx, id).catch((e: unknown) => {
      // A key added by a request racing this one: the foreign key refuses the delete.
      if (pgError(e).code === '23503') throw notEmpty();
      throw e;
    });
    return { success: true };
  });
}

/**
 * VmsUpdateProject: moves servers (provisioned ids) into one of the account's projects. Every
 * server must be the account's and not deleted (404 naming the first that is not); all move in
 * one transaction.
 */
export async function moveVms(u: UserCtx, vms: string[], projectId: number): Promise<{ success: true }> {
  return u.tenant(async (tx) => {
    if (!(await repo.findProject(tx, projectId))) throw new AppError('NotFound', { details: `p_project: ${projectId}` });
    const ids = vms.map((s) => (/^\d{1,15}$/.test(s) ? Number(s) : NaN));
    const found = new Set(
      await repo.findServers(
        tx,
        ids.filter((n) => Number.isFinite(n)),
      ),
    );
    const missing = vms.find((_, i) => !found.has(ids[i]!));
    if (missing !== undefined)
      throw new AppError('NotFound', { hint: 'No server with this id in your account', details: `p_vms: ${missing}` });
    await repo.moveServers(tx, [...found], projectId);
    return { success: true as const };
  });
}

/**
 * For other modules (SSH keys; later VMs): the account's project `id`, or its default project
 * when `id` is missing, inside their transaction. 404 when the account has no such project.
 */
export async function targetProject(tx: Tx, id: number | null | undefined): Promise<repo.ProjectRecord> {
  const project = id == null ? await repo.defaultProject(tx) : await repo.findProject(tx, id);
  if (!project) throw new AppError('NotFound', { details: `p_project: ${id ?? 'default'}` });
  return project;
}
