/**
 * The server list's order, search and paging (spec 1 §2 list-view, §5 search): servers sorted by
 * project name and name with the servers of no project last, searched by name, model_name,
 * cluster, ip and mac once the phrase is longer than one character, cut into pages, and each
 * page grouped by project.
 */
import { filterServers, groupServersByProject, type ServerGroup } from '@portside/contract/rules/search-filter';
import type { VmRow } from '@portside/contract/schemas/vms';

/** Servers per page of the list. */
export const VMS_PAGE_SIZE = 25;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Projects by name (servers of no project last), then servers by name. */
export function sortVms(vms: readonly VmRow[]): VmRow[] {
  return [...vms].sort((a, b) => {
    const pa = a.project == null ? null : (a.project_name ?? String(a.project));
    const pb = b.project == null ? null : (b.project_name ?? String(b.project));
    if (pa !== pb) {
      if (pa === null) return 1;
      if (pb === null) return -1;
      const byProject = collator.compare(pa, pb) || (a.project ?? 0) - (b.project ?? 0);
      if (byProject !== 0) return byProject;
    }
    return collator.compare(a.name, b.name) || a.provisioned_id - b.provisioned_id;
  });
}

export interface VmListPage {
  groups: ServerGroup<VmRow>[];
  /** Servers matching the search. */
  total: number;
  pages: number;
  /** The page shown (1-based), clamped into 1..pages. */
  page: number;
}

/** One page of the searched, sorted servers, grouped by project. */
export function vmListPage(vms: readonly VmRow[], phrase: string, page: number, noProjectLabel: string): VmListPage {
  const matching = sortVms(filterServers(vms, phrase));
  const pages = Math.max(1, Math.ceil(matching.length / VMS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const slice = matching.slice((current - 1) * VMS_PAGE_SIZE, current * VMS_PAGE_SIZE);
  return { groups: groupServersByProject(slice, noProjectLabel), total: matching.length, pages, page: current };
}
