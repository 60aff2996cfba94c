/**
 * Two-factor sign-in (issue 19): the bodies of the second login step, of enrolment forced by the
 * account, and of the settings calls that turn TOTP on and off, renew recovery codes and require
 * 2FA for the whole account; the login's answers; the row of GET /api/MyTwoFactor.
 */
import { z } from '../zod';
import { PASSWORD_MAX } from '../rules/validators';
import { isTotpCode, secondFactorKind } from '../rules/two-factor';
import { requiredText, secretText } from './fields';

/** A login ticket: the opaque proof that the password was right, valid for five minutes. */
export const ticketField = requiredText('invalid_data', 200);

/** A code of the second step: six TOTP digits or a recovery code (`xxxx-xxxx-xx`). */
export const secondFactorCodeField = requiredText('code_empty', 64, (v) =>
  secondFactorKind(v) ? null : 'two_factor_code_format',
);

/** A TOTP code only (confirming an authenticator app, turning 2FA off). */
export const totpCodeField = requiredText('code_empty', 64, (v) => (isTotpCode(v) ? null : 'code_invalid_format'));

/** Body of POST /api/rpc/LoginSecondFactor: the login's ticket and a TOTP or recovery code. */
export const loginSecondFactorSchema = z.object({ p_ticket: ticketField, p_code: secondFactorCodeField });
export type LoginSecondFactorInput = z.input<typeof loginSecondFactorSchema>;

/** Body of POST /api/rpc/TwoFactorEnrolStart: the ticket of a login the account requires 2FA for. */
export const twoFactorEnrolStartSchema = z.object({ p_ticket: ticketField });

/** Body of POST /api/rpc/TwoFactorEnrolConfirm: the ticket and the first code of the new app. */
export const twoFactorEnrolConfirmSchema = z.object({ p_ticket: ticketField, p_code: totpCodeField });
export type TwoFactorEnrolConfirmInput = z.input<typeof twoFactorEnrolConfirmSchema>;

/** Body of POST /api/rpc/TwoFactorTotpStart: nothing (a new secret, not active until confirmed). */
export const twoFactorTotpStartSchema = z.object({});

/** Body of POST /api/rpc/TwoFactorTotpConfirm: the first code the app shows. */
export const twoFactorTotpConfirmSchema = z.object({ p_code: totpCodeField });
export type TwoFactorTotpConfirmInput = z.input<typeof twoFactorTotpConfirmSchema>;

/** A WebAuthn answer of the browser (navigator.credentials), checked by the server's WebAuthn library. */
const webauthnResponseField = z.looseObject({ id: z.string({ error: 'invalid_data' }) }, { error: 'invalid_data' });

/**
 * The proof a change of the second factor asks for: the password, and a current code (TOTP or
 * recovery) in `p_code` or a passkey's signature (the browser's answer to PasskeyProofOptions) in
 * `p_passkey`, so a left-open browser or a found-out password alone cannot change it.
 */
const proofFields = {
  p_password: secretText('password_empty', PASSWORD_MAX),
  p_code: secondFactorCodeField.optional(),
  p_passkey: webauthnResponseField.optional(),
};

/** Neither a code nor a passkey: the code is missing. */
const proofGiven = z.superRefine<{ p_code?: unknown; p_passkey?: unknown }>(
  (v, ctx) => {
    if (v.p_code === undefined && v.p_passkey === undefined)
      ctx.addIssue({ code: 'custom', message: 'code_empty', path: ['p_code'], input: undefined });
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/** Body of POST /api/rpc/TwoFactorDisable and TwoFactorRecoveryRegenerate: the proof. */
export const twoFactorProofSchema = z.object(proofFields).check(proofGiven);
export type TwoFactorProofInput = z.input<typeof twoFactorProofSchema>;

/** Body of POST /api/rpc/PasskeyProofOptions: nothing (the options name the caller's passkeys). */
export const passkeyProofOptionsSchema = z.object({});

/** Body of POST /api/rpc/TwoFactorRequire (owner): require 2FA of every user of the account. */
export const twoFactorRequireSchema = z.object({ p_required: z.boolean({ error: 'invalid_data' }) });
export type TwoFactorRequireInput = z.input<typeof twoFactorRequireSchema>;

/** The second factors a login ticket can be completed with. */
export type SecondFactorMethod = 'totp' | 'recovery' | 'webauthn';

/**
 * Answer of POST /api/rpc/login: a token for a user without 2FA; a ticket for the second step for
 * one with it; a ticket for enrolment when the account requires 2FA and the user has none.
 */
export type LoginAnswer =
  | { token: string }
  | { second_factor: { ticket: string; methods: SecondFactorMethod[] } }
  | { enrol_required: { ticket: string } };

/** Answer of TwoFactorTotpStart / TwoFactorEnrolStart: the secret (base32) and its otpauth:// URI. */
export interface TotpSetupAnswer {
  secret: string;
  uri: string;
}

/** Answer of TwoFactorTotpConfirm and TwoFactorRecoveryRegenerate: the new codes, shown once. */
export interface RecoveryCodesAnswer {
  recovery_codes: string[];
}

/** Answer of TwoFactorEnrolConfirm: the new codes and the session's token. */
export interface EnrolAnswer extends RecoveryCodesAnswer {
  token: string;
}

/** The one row of GET /api/MyTwoFactor: the caller's second factors and the account's rule. */
export const myTwoFactorRow = z.object({
  /** An authenticator app is confirmed. */
  totp_enabled: z.boolean(),
  /** When it was confirmed (ISO 8601, UTC). */
  totp_confirmed_at: z.iso.datetime().nullable(),
  /** Unused recovery codes. */
  recovery_codes_left: z.number().int(),
  /** The account requires 2FA of every user. */
  required_by_account: z.boolean(),
  /** The caller is the account's owner (who may change that rule). */
  is_owner: z.boolean(),
});
export type MyTwoFactor = z.infer<typeof myTwoFactorRow>;

/** Longest name of a passkey. */
export const PASSKEY_NAME_MAX = 64;

/** Body of POST /api/rpc/PasskeyRegisterOptions: nothing (the options name the caller). */
export const passkeyRegisterOptionsSchema = z.object({});

/** Body of POST /api/rpc/PasskeyRegisterVerify: the passkey's name and the browser's answer. */
export const passkeyRegisterVerifySchema = z.object({
  p_name: requiredText('passkey_name_empty', PASSKEY_NAME_MAX),
  p_response: webauthnResponseField,
});

/** Body of POST /api/rpc/PasskeyDelete: the passkey (MyPasskeys.id) and the proof. */
export const passkeyDeleteSchema = z
  .object({ p_id: z.number({ error: 'invalid_data' }).int({ error: 'invalid_data' }), ...proofFields })
  .check(proofGiven);
export type PasskeyDeleteInput = z.input<typeof passkeyDeleteSchema>;

/** Body of POST /api/rpc/PasskeyRename: the passkey (MyPasskeys.id) and its new name. */
export const passkeyRenameSchema = z.object({
  p_id: z.number({ error: 'invalid_data' }).int({ error: 'invalid_data' }),
  p_name: requiredText('passkey_name_empty', PASSKEY_NAME_MAX),
});
export type PasskeyRenameInput = z.input<typeof passkeyRenameSchema>;

/** Body of POST /api/rpc/TwoFactorEnrolPasskeyOptions: the ticket of a login the account requires 2FA for. */
export const twoFactorEnrolPasskeyOptionsSchema = z.object({ p_ticket: ticketField });

/** Body of POST /api/rpc/TwoFactorEnrolPasskeyVerify: the ticket, the new passkey's name and the browser's answer. */
export const twoFactorEnrolPasskeyVerifySchema = z.object({
  p_ticket: ticketField,
  p_name: requiredText('passkey_name_empty', PASSKEY_NAME_MAX),
  p_response: webauthnResponseField,
});
export type TwoFactorEnrolPasskeyVerifyInput = z.input<typeof twoFactorEnrolPasskeyVerifySchema>;

/** Body of POST /api/rpc/LoginPasskeyOptions: the login's ticket. */
export const loginPasskeyOptionsSchema = z.object({ p_ticket: ticketField });

/** Body of POST /api/rpc/LoginPasskeyVerify: the ticket and the browser's answer. */
export const loginPasskeyVerifySchema = z.object({ p_ticket: ticketField, p_response: webauthnResponseField });

/** One row of GET /api/MyPasskeys: the caller's passkeys, newest first. */
export const myPasskeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When it was registered (ISO 8601, UTC). */
  created_at: z.iso.datetime(),
  /** When it last signed the user in. */
  last_used_at: z.iso.datetime().nullable(),
});
export type MyPasskey = z.infer<typeof myPasskeyRow>;
