/**
 * The pages whose help panel the reader folded away, kept in this browser's localStorage (as the
 * portal keeps the other display choices: IPv4/IPv6 columns, the terminal).
 */
const KEY = 'portside.folded-help';

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether the help panel of `label` was folded away. */
export function isFolded(label: string): boolean {
  return read().includes(label);
}

/** Remembers that the help panel of `label` is folded (true) or open (false). */
export function setFolded(label: string, folded: boolean): void {
  const rest = read().filter((l) => l !== label);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(folded ? [...rest, label] : rest));
  } catch {
    // storage disabled: the choice lasts until the page is left
  }
}
