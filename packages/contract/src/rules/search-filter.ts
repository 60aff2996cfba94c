/**
 * The global search's filtering (spec 1 §5): a phrase filters only when, trimmed and
 * lower-cased, it is longer than one character; matching is a case-insensitive substring test.
 */
import { LIMITS } from '../constants';

/** The text a field value is searched as: strings and numbers as such, arrays and objects by their values. */
function searchableText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (depth > 3 || typeof value !== 'object') return '';
  const parts = Array.isArray(value) ? value : Object.values(value);
  return parts.map((v) => searchableText(v, depth + 1)).join(' ');
}

/** The phrase as it is matched, or null when it is too short to filter. */
export function searchPhrase(phrase: string): string | null {
  const p = typeof phrase === 'string' ? phrase.trim().toLowerCase() : '';
  return p.length >= LIMITS.minSearchPhrase ? p : null;
}

/**
 * The items whose `fields` contain the phrase (case-insensitive). A phrase of fewer than two
 * characters (after trimming) filters nothing: the input array itself is returned.
 */
export function filterSearch<T>(items: readonly T[], phrase: string, fields: readonly (keyof T)[]): T[] {
  const p = searchPhrase(phrase);
  if (p === null) return items as T[];
  return items.filter((item) => fields.some((f) => searchableText(item[f]).toLowerCase().includes(p)));
}

/** Fields a server is searched by. */
export const SERVER_SEARCH_FIELDS = ['name', 'model_name', 'cluster', 'ip', 'mac'] as const;
/** Fields a user is searched by. */
export const USER_SEARCH_FIELDS = ['email'] as const;
/** Fields an IP set is searched by. */
export const IPSET_SEARCH_FIELDS = ['name', 'comment'] as const;

type Searchable<K extends string> = { [P in K]?: unknown };

/** Servers by name, model_name, cluster, ip and mac. */
export function filterServers<T extends Searchable<(typeof SERVER_SEARCH_FIELDS)[number]>>(
  servers: readonly T[],
  phrase: string,
): T[] {
  return filterSearch(servers, phrase, SERVER_SEARCH_FIELDS);
}

/** Users by email. */
export function filterUsers<T extends Searchable<'email'>>(users: readonly T[], phrase: string): T[] {
  return filterSearch(users, phrase, USER_SEARCH_FIELDS);
}

/** IP sets by name and comment. */
export function filterIpsets<T extends Searchable<'name' | 'comment'>>(ipsets: readonly T[], phrase: string): T[] {
  return filterSearch(ipsets, phrase, IPSET_SEARCH_FIELDS);
}

/** A group of servers of one project in the search overlay. */
export interface ServerGroup<T> {
  /** The project's id or name as a string; '' for the no-project group. */
  key: string;
  /** The project name shown, or the no-project label. */
  label: string;
  servers: T[];
}

/** What a server record says about its project. */
export interface ProjectRef {
  project?: string | number | null;
  project_name?: string | null;
}

/**
 * Groups servers by project in order of first appearance; servers without a project come last,
 * under `noProjectLabel` (the translated 'No Project'). The label is project_name when present,
 * else the project value itself.
 */
export function groupServersByProject<T extends ProjectRef>(servers: readonly T[], noProjectLabel: string): ServerGroup<T>[] {
  const groups = new Map<string, ServerGroup<T>>();
  const orphans: T[] = [];
  for (const server of servers) {
    const project = server.project;
    if (project === null || project === undefined || String(project).trim() === '') {
      orphans.push(server);
      continue;
    }
    const key = String(project);
    let group = groups.get(key);
    if (!group) {
      const name = server.project_name?.trim();
      group = { key, label: name ? name : key, servers: [] };
      groups.set(key, group);
    }
    group.servers.push(server);
  }
  const result = [...groups.values()];
  if (orphans.length > 0) result.push({ key: '', label: noProjectLabel, servers: orphans });
  return result;
}
