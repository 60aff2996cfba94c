/** The users a signed path (signed-path.ts) may name, looked up before anyone is known. */
import type { Tx } from '../db/database.js';

/** A user a signed path may name: live (not blocked) in a live (not deleted) account. */
export interface SignedUser {
  userId: string;
  clientId: string;
  email: string;
  secret: string;
}

/**
 * The live user of `clientId` whose e-mail, written as a path part (lower-cased, '+' as '$'),
 * is `emailPart`. Runs in the system scope: nobody is known before the hash is checked.
 */
export async function findLiveUser(tx: Tx, clientId: string, emailPart: string): Promise<SignedUser | null> {
  const r = await tx.query<SignedUser>(
    `SELECT u.id AS "userId", u.client_id AS "clientId", lower(u.email) AS email, u.notification_secret AS secret
       FROM users u JOIN clients c ON c.id = u.client_id
      WHERE u.client_id = $1 AND replace(lower(u.email), '+', '$') = $2 AND NOT u.blocked AND c.deleted_at IS NULL
      LIMIT 1`,
    [clientId, emailPart],
  );
  return r.rows[0] ?? null;
}
