/** One page of a list kept whole in the browser (the reseller's lists are short): its rows and where it is. */
export function pageOf<R>(rows: readonly R[], page: number, size: number): { rows: R[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const at = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((at - 1) * size, at * size), page: at, pages };
}
