/**
 * Sub-users and their claims (spec 1 §3 User, §5 User creation, §6; spec 2 §7 Users and claims):
 * the rows of GET /api/MyUsers and the bodies of the user calls. A user is addressed by its
 * username, which is its e-mail address lower-cased (`p_user`, route /users/:username).
 */
import { z } from '../zod';
import { CUSTOMER_CLAIMS, type Claim } from '../constants';
import { EMAIL_MAX, PASSWORD_MAX, validatePasswordPair } from '../rules/validators';
import { emailField, newPasswordField } from './auth';
import { TEXT_MAX, requiredText, secretText } from './fields';
import { column, timestampField } from './view-row';

/** One row of GET /api/MyUsers. */
export const myUserRow = z.object({
  /** The user's id. */
  id: z.guid(),
  email: z.string(),
  /** The e-mail address lower-cased: the key of /users/:username and of `p_user`. */
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** A blocked user cannot log in. */
  blocked: z.boolean(),
  /** The account's owner (one per account). */
  is_owner: z.boolean(),
  /** False until the user has entered the code mailed to them. */
  confirmed: z.boolean(),
  /** Claims the user holds (an owner holds every customer claim). */
  claims: column(z.array(z.string()), 'json'),
  created_at: timestampField(),
  /** The account (client) id; null unless the caller holds pg-see-client (the Client column rule). */
  client: z.guid().nullable(),
});
export type MyUser = z.infer<typeof myUserRow>;

/** `p_user`: the username (e-mail address) of a user of the caller's account, lower-cased. */
export const userRefField = requiredText('user_empty', EMAIL_MAX).toLowerCase();

/** Adds 'passwords_dont_match' on the confirmation when both passwords are typed and differ. */
function passwordsMatch() {
  return z.refine<{ p_password: string; p_password_confirm: string }>(
    (v) => validatePasswordPair(v.p_password, v.p_password_confirm, 'match') === null,
    {
      error: 'passwords_dont_match',
      path: ['p_password_confirm'],
      when: (payload) => {
        const v = payload.value as Record<string, unknown> | null | undefined;
        const a = v?.p_password;
        const b = v?.p_password_confirm;
        return typeof a === 'string' && typeof b === 'string' && a !== '' && b !== '';
      },
    },
  );
}

/** Body of POST /api/rpc/AddMyUser: a new sub-user, who confirms the e-mail address before logging in. */
export const addMyUserSchema = z
  .object({
    p_email: emailField,
    p_first_name: requiredText('first_name_empty', TEXT_MAX.name),
    p_last_name: requiredText('last_name_empty', TEXT_MAX.name),
    p_password: newPasswordField,
    p_password_confirm: secretText('password_confirm_empty', PASSWORD_MAX),
  })
  .check(passwordsMatch());
export type AddMyUserInput = z.input<typeof addMyUserSchema>;
export type AddMyUserBody = z.output<typeof addMyUserSchema>;

/** Body of POST /api/rpc/UpdateMyUser: a user's names. */
export const updateMyUserSchema = z.object({
  p_user: userRefField,
  p_first_name: requiredText('first_name_empty', TEXT_MAX.name),
  p_last_name: requiredText('last_name_empty', TEXT_MAX.name),
});
export type UpdateMyUserInput = z.input<typeof updateMyUserSchema>;
export type UpdateMyUserBody = z.output<typeof updateMyUserSchema>;

/** Body of POST /api/rpc/UserBlockToggle and POST /api/rpc/MyUserDelete. */
export const userRefSchema = z.object({ p_user: userRefField });
export type UserRefInput = z.input<typeof userRefSchema>;
export type UserRefBody = z.output<typeof userRefSchema>;

/** Body of POST /api/rpc/ProfilesSetPassword: the owner sets a sub-user's password. */
export const profilesSetPasswordSchema = z
  .object({
    p_user: userRefField,
    p_password: newPasswordField,
    p_password_confirm: secretText('password_confirm_empty', PASSWORD_MAX),
  })
  .check(passwordsMatch());
export type ProfilesSetPasswordInput = z.input<typeof profilesSetPasswordSchema>;
export type ProfilesSetPasswordBody = z.output<typeof profilesSetPasswordSchema>;

/** Whether a claim may be granted by a customer (operator claims never). */
export function isGrantableClaim(claim: unknown): claim is Claim {
  return typeof claim === 'string' && (CUSTOMER_CLAIMS as readonly string[]).includes(claim);
}

/** `p_claims`: one or more customer claims, duplicates removed. */
export const claimsField = z
  .array(z.string({ error: 'claim_invalid' }).refine(isGrantableClaim, { error: 'claim_invalid' }), { error: 'claims_empty' })
  .min(1, { error: 'claims_empty' })
  .max(CUSTOMER_CLAIMS.length * 2, { error: 'claim_invalid' })
  .transform((list) => [...new Set(list)] as Claim[]);

/** Body of POST /api/rpc/GrantClaimsToMyUser and POST /api/rpc/RevokeClaimsFromMyUser. */
export const userClaimsSchema = z.object({ p_user: userRefField, p_claims: claimsField });
export type UserClaimsInput = z.input<typeof userClaimsSchema>;
export type UserClaimsBody = z.output<typeof userClaimsSchema>;
