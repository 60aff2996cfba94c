/**
 * Personal API tokens (issue 19): creating one (its secret is answered once and only its hash is
 * kept) and revoking one. Who sees which tokens is the table's row-level security: the owner
 * every token of the account, a sub-user only their own. The check of a token on a request is in
 * http/auth.ts; a token itself can never reach these calls (they have no token area). The user is
 * mailed of every token made for their login.
 */
import { API_TOKEN_LIMITS, type ApiTokenCreateAnswer } from '@portside/contract/schemas/api-tokens';
import type { UserCtx } from '../../routes/handler-context.js';
import { newApiToken } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { tokenCreatedMail } from './api-tokens.mails.js';
import * as repo from './api-tokens.repository.js';

/** ApiTokenCreate: a new token of the caller with the given scopes, living `expiresDays` days. */
export async function createToken(
  u: UserCtx,
  input: { name: string; scopes: readonly string[]; expiresDays: number },
): Promise<ApiTokenCreateAnswer> {
  const token = newApiToken();
  const made = await u.tenant(async (tx) => {
    if ((await repo.countLiveTokens(tx, u.principal.userId)) >= API_TOKEN_LIMITS.perUser)
      throw new AppError('API_TOKEN_LIMIT', { details: `at most ${API_TOKEN_LIMITS.perUser} tokens` });
    const row = await repo.insertToken(tx, { ...input, prefix: token.prefix, hash: token.hash });
    return { ...row, language: await repo.accountLanguage(tx) };
  });
  // The user hears of every new token (a stolen session making one would otherwise go unseen).
  const mail = tokenCreatedMail(u.principal.email, made.language, { ...input, expiresAt: made.expires_at });
  await u.mailer.send(mail).catch((e: unknown) => u.log.warn({ err: e }, 'API token mail not sent'));
  return { id: made.id, token: token.text };
}

/** ApiTokenRevoke: the token is refused from the next request on. An unknown or already revoked one is 404. */
export async function revokeToken(u: UserCtx, id: string): Promise<{ success: true; name: string }> {
  const name = await u.tenant((tx) => repo.revokeToken(tx, id));
  if (name === null) throw new AppError('NotFound', { details: 'p_id: no token of yours that is still valid' });
  return { success: true, name };
}
