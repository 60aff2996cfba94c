/**
 * What an audited call touched, as its log entry names it (the `target` column of MyLogs): the
 * project, server, key, user, invoice, service or session, by name and id — `project "web" (#12)`.
 * An rpc declares it with `auditTarget` (routes/route-defs.ts) from its validated body and, once the call
 * succeeded, its answer (a new project's id). A thing named by id only gets its name looked up
 * before the call runs (audit-log.ts), so a deleted project is still named; plain text parts carry
 * what has no row (a time-out in minutes, a language).
 */

/** The kinds of things whose names the log looks up by id (audit.repository.ts). */
export const NAMED_KINDS = [
  'project',
  'server',
  'SSH key',
  'invoice',
  'service',
  'session',
  'IP set',
  'domain',
  'port forward',
] as const;
export type NamedKind = (typeof NAMED_KINDS)[number];
/** Further kinds, named by what the call says (no lookup). */
export type TargetKind =
  | NamedKind
  /** By username (the e-mail), which is how the API names a user. */
  | 'user'
  | 'order'
  | 'payment'
  | 'cluster'
  | 'voucher'
  | 'verification request'
  | 'verification document'
  | 'account'
  | 'backup'
  | 'snapshot'
  | 'ISO image'
  | 'firewall rule'
  | 'IP address'
  | 'ticket'
  | 'file'
  | 'abuse report'
  | 'help text'
  | 'status message'
  | 'dedicated server'
  | 'management controller'
  | 'reseller agreement'
  | 'contract request'
  | 'VPN peer'
  | 'router'
  | 'subnet'
  | 'price change'
  | 'price list'
  | 'credit note'
  | 'cloud model'
  | 'API token';

/** One thing a call touched: its kind, its id (unknown when a creating call failed) and its name when the call knows it. */
export interface TargetRef {
  kind: TargetKind;
  id?: string | number | null;
  name?: string | null;
}
export type TargetPart = string | TargetRef;
/** What `auditTarget` answers: one part, several (written one after the other), or nothing. */
export type AuditTarget = TargetPart | readonly TargetPart[] | null | undefined;

/** A thing touched, e.g. `target('project', 12)` or `target('project', r?.project, b.p_name)`. */
export function target(kind: TargetKind, id: string | number | null | undefined, name?: string | null): TargetRef {
  return { kind, id, name };
}

/** Several things of one kind, by id. */
export function targets(kind: TargetKind, ids: ReadonlyArray<string | number>): TargetRef[] {
  return ids.map((id) => target(kind, id));
}

/** A number or text field of a call's answer: undefined until the call succeeded, or when the answer has none. */
export function answerField(answer: unknown, key: string): string | number | undefined {
  const v = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
}

/** The parts of a declared target, in order. */
export function targetParts(t: AuditTarget): TargetPart[] {
  if (t === null || t === undefined) return [];
  return typeof t === 'string' || !Array.isArray(t) ? [t as TargetPart] : [...(t as readonly TargetPart[])];
}

/** The refs whose name the log looks up: a named kind, an id, no name of their own. */
export function refsToName(parts: readonly TargetPart[]): Array<{ kind: NamedKind; id: string }> {
  return parts.flatMap((p) =>
    typeof p !== 'string' && !p.name && p.id !== null && p.id !== undefined && (NAMED_KINDS as readonly string[]).includes(p.kind)
      ? [{ kind: p.kind as NamedKind, id: String(p.id) }]
      : [],
  );
}

/** The key a looked-up name is kept under. */
export const nameKey = (kind: string, id: string | number) => `${kind}:${String(id)}`;

const NAME_MAX = 80;
const short = (name: string) => (name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name);

/** One ref as the log shows it: `project "web" (#12)`, `project #12` without a name, `project "web"` without an id. */
export function formatRef(r: TargetRef, names: ReadonlyMap<string, string> = new Map()): string {
  const hasId = r.id !== null && r.id !== undefined && r.id !== '';
  const name = r.name || (hasId ? names.get(nameKey(r.kind, r.id!)) : undefined);
  if (name && hasId) return `${r.kind} "${short(name)}" (#${String(r.id)})`;
  if (name) return `${r.kind} "${short(name)}"`;
  return hasId ? `${r.kind} #${String(r.id)}` : r.kind;
}

/**
 * The target text of a log entry: refs one after the other joined with commas, text parts with
 * spaces; null when there is nothing. At most 500 characters (the column's length).
 */
export function formatTarget(parts: readonly TargetPart[], names: ReadonlyMap<string, string> = new Map()): string | null {
  let out = '';
  parts.forEach((p, i) => {
    const text = typeof p === 'string' ? p : formatRef(p, names);
    if (!text) return;
    const sep = out === '' ? '' : typeof p !== 'string' && typeof parts[i - 1] !== 'string' ? ', ' : ' ';
    out += sep + text;
  });
  return out === '' ? null : out.slice(0, 500);
}
