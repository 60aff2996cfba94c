/**
 * The cloud price lists' small pure pieces: one page of ProductsModels by search (the code), the size of a page, and how an add-on's value is priced (a percent for backups).
 */
import type { VmAddonCode } from '@portside/contract/schemas/cloud-prices';

/** Models per page. */
export const MODELS_PAGE_SIZE = 20;

/** How many pages `total` models fill (at least one). */
export function modelPages(total: number | null | undefined): number {
  return Math.max(1, Math.ceil((total ?? 0) / MODELS_PAGE_SIZE));
}

/** ProductsModels: one page of the models whose code matches the search (S4, R16, S4R16). */
export function modelsQuery(search: string, page: number): Record<string, string> {
  const clean = search.trim().replace(/[%_*,()\\.:]/g, '');
  const offset = (Math.max(1, Math.floor(page)) - 1) * MODELS_PAGE_SIZE;
  const query: Record<string, string> = {
    order: 'core_type.asc,cores.asc,ram_gb.asc,id.asc',
    limit: String(MODELS_PAGE_SIZE),
    offset: String(offset),
  };
  if (clean !== '') query.code = `ilike.*${clean}*`;
  return query;
}

/** The dialog's kind of an add-on's value: backups are a percent, the others whole cents. */
export function addonKind(code: VmAddonCode): 'percent' | 'whole' {
  return code === 'backups' ? 'percent' : 'whole';
}
