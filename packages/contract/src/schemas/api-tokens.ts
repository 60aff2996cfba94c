/**
 * Personal API tokens (issue 19): the bodies of ApiTokenCreate and ApiTokenRevoke and the row of
 * GET /api/MyApiTokens. The secret (`pst_` + 43 base64url characters) leaves the server once, in
 * ApiTokenCreate's answer; lists show its first characters (`prefix`) only.
 */
import { z } from '../zod';
import { TOKEN_SCOPES, normaliseScopes } from '../rules/api-token-scopes';
import { timestampField } from './view-row';

/** Limits of a token: its name's length, its lifetime in days, how many a user may hold. */
export const API_TOKEN_LIMITS = { nameMax: 60, expiresDaysMax: 365, perUser: 50, prefixLength: 12 } as const;
/** The lifetimes the settings form offers, in days. */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;
/** Every token's text starts with this. */
export const API_TOKEN_PREFIX = 'pst_';

/** A token's name: trimmed, 1 to nameMax characters. */
export const apiTokenNameField = z
  .string({ error: 'invalid_data' })
  .trim()
  .min(1, { error: 'invalid_data' })
  .max(API_TOKEN_LIMITS.nameMax, { error: 'field_too_long' });

/** The scopes: at least one known scope; stored normalised (a read covered by a write is dropped). */
export const apiTokenScopesField = z
  .array(z.enum(TOKEN_SCOPES, { error: 'invalid_data' }), { error: 'invalid_data' })
  .min(1, { error: 'invalid_data' })
  .max(TOKEN_SCOPES.length * 2, { error: 'invalid_data' })
  .transform((s) => normaliseScopes(s));

/** Body of POST /api/rpc/ApiTokenCreate: a name, the scopes and the lifetime (1 to 365 days; required). */
export const apiTokenCreateSchema = z.object({
  p_name: apiTokenNameField,
  p_scopes: apiTokenScopesField,
  p_expires_days: z
    .int({ error: 'invalid_data' })
    .min(1, { error: 'invalid_data' })
    .max(API_TOKEN_LIMITS.expiresDaysMax, { error: 'invalid_data' }),
});
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>;

/** Answer of ApiTokenCreate: the token's id and its text, the only time the secret is shown. */
export interface ApiTokenCreateAnswer {
  id: string;
  token: string;
}

/** Body of POST /api/rpc/ApiTokenRevoke: one token of the caller's (or, for the owner, of the account's users). */
export const apiTokenRevokeSchema = z.object({ p_id: z.guid({ error: 'invalid_data' }) });
export type ApiTokenRevokeInput = z.input<typeof apiTokenRevokeSchema>;

/** One row of GET /api/MyApiTokens: the owner sees every user's tokens of the account, a sub-user only their own. */
export const myApiTokenRow = z.object({
  /** The token's id (ApiTokenRevoke's p_id). */
  id: z.guid(),
  name: z.string(),
  /** The token's first characters (`pst_` and a few more), enough to recognise it. */
  prefix: z.string(),
  /** The scopes it holds, `<area>:<mode>`. */
  scopes: z.array(z.string()),
  expires_at: timestampField(),
  created_at: timestampField(),
  /** The last request made with it, to the minute; null when never used. */
  last_used_at: timestampField().nullable(),
  /** The address of that request. */
  last_used_ip: z.string().nullable(),
  /** When it was revoked; null while it is not. */
  revoked_at: timestampField().nullable(),
  /** Whose token it is. */
  user_id: z.guid(),
  user_email: z.string(),
});
export type MyApiToken = z.infer<typeof myApiTokenRow>;
