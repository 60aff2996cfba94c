/**
 * The log entry of an audited rpc (`audit: true`): who called, what, on what (the declared
 * `auditTarget`, audit-target.ts) and how it ended. The names of things given by id are looked
 * up in the caller's own account before the call runs — a project that the call deletes is still
 * named — and the entry is written once the call has ended, in the system scope (the application
 * role may only append to the log).
 */
import type { Database } from '../../db/database.js';
import type { AnyRpc } from '../../routes/route-defs.js';
import type { UserPrincipal } from '../../http/principal.js';
import { formatTarget, nameKey, refsToName, targetParts, type TargetPart } from './audit-target.js';
import { targetNames, writeAudit } from './audit.repository.js';

/** The parts an rpc declares for a call; a failing `auditTarget` declares none rather than losing the entry. */
function declared(rpc: AnyRpc, input: unknown, answer: unknown, caller: UserPrincipal): TargetPart[] {
  try {
    return targetParts(rpc.auditTarget?.(input, answer, caller));
  } catch {
    return [];
  }
}

/** The target text of a call, names looked up by the caller (tests and the log use the same). */
export async function auditTargetOf(
  db: Pick<Database, 'run'>,
  rpc: AnyRpc,
  caller: UserPrincipal,
  input: unknown,
  answer?: unknown,
): Promise<string | null> {
  const parts = declared(rpc, input, answer, caller);
  return formatTarget(parts, await lookUp(db, caller, parts));
}

/** The names of the refs given by id, as the caller's account shows them; none when the lookup fails. */
async function lookUp(
  db: Pick<Database, 'run'>,
  caller: UserPrincipal,
  parts: readonly TargetPart[],
): Promise<Map<string, string>> {
  const refs = refsToName(parts);
  if (refs.length === 0) return new Map();
  return db
    .run({ kind: 'tenant', clientId: caller.clientId, userId: caller.userId, sessionId: caller.sessionId }, (tx) =>
      targetNames(tx, refs),
    )
    .catch(() => new Map<string, string>());
}

/** An audited call under way: `end` writes its entry. */
export interface AuditedCall {
  end(result: 'ok' | 'error', answer?: unknown): Promise<void>;
}

/**
 * Starts the log entry of a call: the names of what its body names are read now, before the call
 * changes them; what its answer adds (a new id) is named when it ends.
 */
export async function beginAudit(
  db: Database,
  rpc: AnyRpc,
  caller: UserPrincipal,
  input: unknown,
  ip: string,
): Promise<AuditedCall> {
  const before = await lookUp(db, caller, declared(rpc, input, undefined, caller));
  return {
    async end(result, answer) {
      const parts = declared(rpc, input, result === 'ok' ? answer : undefined, caller);
      // What the answer adds (a new project's id) is named now; what the body named, as it was before.
      const added = refsToName(parts).filter((r) => !before.has(nameKey(r.kind, r.id)));
      const names = added.length ? new Map([...before, ...(await lookUp(db, caller, added))]) : before;
      await db.system((tx) =>
        writeAudit(tx, {
          clientId: caller.clientId,
          userId: caller.userId,
          email: caller.email,
          action: rpc.name,
          // A call made with a personal API token says so, and which token (issue 19).
          target:
            [formatTarget(parts, names), caller.apiToken && `(API token "${caller.apiToken.name}")`].filter(Boolean).join(' ') ||
            null,
          result,
          ip,
        }),
      );
    },
  };
}
